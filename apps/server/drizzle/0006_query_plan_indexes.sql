DROP INDEX "event_logs_date";--> statement-breakpoint
DROP INDEX "event_logs_type_date";--> statement-breakpoint
DROP INDEX "event_logs_email_date";--> statement-breakpoint
DROP INDEX "notifications_user_created";--> statement-breakpoint
DROP INDEX "notifications_user_unread_created";--> statement-breakpoint
DROP INDEX "team_invites_team_created";--> statement-breakpoint
CREATE INDEX "users_email_order" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "event_logs_date" ON "event_logs" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "event_logs_type_date" ON "event_logs" USING btree ("event_type","date","id");--> statement-breakpoint
CREATE INDEX "event_logs_email_date" ON "event_logs" USING btree ("user_email","date","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_created" ON "notifications" USING btree ("user_id","created_at","id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE INDEX "team_invites_team_created" ON "team_invites" USING btree ("team_id","created_at","id");
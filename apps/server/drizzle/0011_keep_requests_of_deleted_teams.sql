ALTER TABLE "app_requests" DROP CONSTRAINT "app_requests_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "app_requests" ALTER COLUMN "team_id" DROP NOT NULL;--> statement-breakpoint
-- Existing requests take their team's current name before the column becomes required.
ALTER TABLE "app_requests" ADD COLUMN "team_name" text;--> statement-breakpoint
UPDATE "app_requests" SET "team_name" = "teams"."name" FROM "teams" WHERE "teams"."id" = "app_requests"."team_id";--> statement-breakpoint
ALTER TABLE "app_requests" ALTER COLUMN "team_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;

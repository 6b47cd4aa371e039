ALTER TABLE "notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_actor" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" is not null;--> statement-breakpoint
-- Back-fill (docs/decisions/0135-notifications-say-who-did-what.md): the actor of the notifications already
-- sent, from what they are about; an external id that is no uuid names nothing.
UPDATE "notifications" SET "actor_id" = "team_invites"."invited_by"
  FROM "team_invites"
  WHERE "notifications"."type" = 'TeamInvite' AND "notifications"."external_id" = "team_invites"."id"::text;--> statement-breakpoint
UPDATE "notifications" SET "actor_id" = CASE WHEN "notifications"."type" = 'AppRequestCreated'
    THEN "app_requests"."requested_by_id" ELSE "app_requests"."closed_by_id" END
  FROM "app_requests"
  WHERE "notifications"."type" IN ('AppRequestCreated', 'AppRequestApproved', 'AppRequestRejected')
    AND "notifications"."external_id" = "app_requests"."id"::text;--> statement-breakpoint
-- The decliner is named by address in the message: "<name> (<email>) declined your invite …".
UPDATE "notifications" SET "actor_id" = "users"."id"
  FROM "users"
  WHERE "notifications"."type" = 'TeamInviteDeclined'
    AND lower("users"."email") = lower(substring("notifications"."message" from '\(([^()]*)\) declined your invite'));--> statement-breakpoint
-- A team's and an administrator's changes wrote their audit event in the notification's transaction, so
-- its time is the notification's (both `now()`), and the event's user is who did it.
UPDATE "notifications" SET "actor_id" = "event_logs"."user_id"
  FROM "event_logs"
  WHERE "event_logs"."date" = "notifications"."created_at"
    AND "event_logs"."user_id" IS NOT NULL
    AND (
      ("notifications"."type" = 'TeamRoleChanged' AND "event_logs"."event_type" = 'member.role_changed'
        AND "event_logs"."payload"->>'userId' = "notifications"."user_id"::text
        AND "event_logs"."payload"->>'teamId' = "notifications"."external_id")
      OR ("notifications"."type" = 'TeamMemberRemoved' AND "event_logs"."event_type" = 'member.removed'
        AND "event_logs"."payload"->>'userId' = "notifications"."user_id"::text
        AND "event_logs"."payload"->>'teamId' = "notifications"."external_id")
      OR ("notifications"."type" = 'TeamOwnershipTransferred' AND "event_logs"."event_type" = 'team.ownership_transferred'
        AND "event_logs"."payload"->>'toUserId' = "notifications"."user_id"::text
        AND "event_logs"."payload"->>'teamId' = "notifications"."external_id")
      OR ("notifications"."type" = 'AccountSecurity' AND "event_logs"."event_type" = 'user.second-factors-reset'
        AND "event_logs"."payload"->>'userId' = "notifications"."user_id"::text)
    );--> statement-breakpoint
-- A contact message starts "<name> <<email>> wrote: …"; its visitor is no user here, so the name is kept.
UPDATE "notifications" SET "actor_name" = substring("notifications"."message" from '^(.*?) <[^<>]*> wrote: ')
  WHERE "notifications"."type" = 'ContactMessage';

CREATE TABLE "team_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"team_role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	CONSTRAINT "team_invites_role" CHECK ("team_invites"."team_role" in ('TeamAdmin', 'TeamMember'))
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_members_role" CHECK ("team_members"."role" in ('TeamOwner', 'TeamAdmin', 'TeamMember'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"friendly_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_friendly_id_format" CHECK ("teams"."friendly_id" ~ '^[a-z0-9][a-z0-9-]{1,46}[a-z0-9]$')
);
--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"owner_user_id" uuid,
	"team_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_one_owner" CHECK (num_nonnulls("bookmarks"."owner_user_id", "bookmarks"."team_id") = 1),
	CONSTRAINT "bookmarks_http_url" CHECK ("bookmarks"."url" ~* '^https?://')
);
--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_open_unique" ON "team_invites" USING btree ("team_id",lower("email")) WHERE "team_invites"."accepted_at" is null and "team_invites"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "team_invites_open_email" ON "team_invites" USING btree (lower("email")) WHERE "team_invites"."accepted_at" is null and "team_invites"."declined_at" is null;--> statement-breakpoint
CREATE INDEX "team_invites_team_created" ON "team_invites" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_members_user" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_owner" ON "team_members" USING btree ("team_id") WHERE "team_members"."role" = 'TeamOwner';--> statement-breakpoint
CREATE UNIQUE INDEX "teams_friendly_id_unique" ON "teams" USING btree ("friendly_id");--> statement-breakpoint
CREATE INDEX "teams_name_order" ON "teams" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "bookmarks_owner_name" ON "bookmarks" USING btree ("owner_user_id","name","id");--> statement-breakpoint
CREATE INDEX "bookmarks_owner_created" ON "bookmarks" USING btree ("owner_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookmarks_team_name" ON "bookmarks" USING btree ("team_id","name","id");--> statement-breakpoint
CREATE INDEX "bookmarks_team_created" ON "bookmarks" USING btree ("team_id","created_at","id");
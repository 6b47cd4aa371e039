CREATE TABLE "app_request_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_request_history_action" CHECK ("app_request_history"."action" in ('CREATED', 'APPROVED', 'REJECTED', 'COMMENTS_UPDATED'))
);
--> statement-breakpoint
CREATE TABLE "app_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"message" text,
	"comments" text,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_sort_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(closed_at, '9999-12-31 00:00:00+00'::timestamptz)) STORED NOT NULL,
	"closed_by_id" uuid,
	CONSTRAINT "app_requests_status" CHECK ("app_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"url" text NOT NULL,
	"logo_url" text,
	"icon" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_dxp" boolean DEFAULT false NOT NULL,
	"terms_date" timestamp with time zone,
	"terms_link" text,
	"billing_product_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_https_url" CHECK ("applications"."url" ~* '^https://')
);
--> statement-breakpoint
CREATE TABLE "team_applications" (
	"team_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_applications_team_id_application_id_pk" PRIMARY KEY("team_id","application_id"),
	CONSTRAINT "team_applications_status" CHECK ("team_applications"."status" in ('ENABLED', 'DISABLED'))
);
--> statement-breakpoint
ALTER TABLE "app_request_history" ADD CONSTRAINT "app_request_history_request_id_app_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."app_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_request_history" ADD CONSTRAINT "app_request_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_applications" ADD CONSTRAINT "team_applications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_applications" ADD CONSTRAINT "team_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_request_history_request" ON "app_request_history" USING btree ("request_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_requests_one_pending" ON "app_requests" USING btree ("team_id","application_id") WHERE "app_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "app_requests_created" ON "app_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "app_requests_closed" ON "app_requests" USING btree ("closed_sort_at","id");--> statement-breakpoint
CREATE INDEX "app_requests_status_created" ON "app_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "app_requests_team" ON "app_requests" USING btree ("team_id","application_id");--> statement-breakpoint
CREATE INDEX "app_requests_application" ON "app_requests" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "app_requests_requested_by" ON "app_requests" USING btree ("requested_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_name_unique" ON "applications" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "applications_name_order" ON "applications" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "team_applications_application" ON "team_applications" USING btree ("application_id","team_id");
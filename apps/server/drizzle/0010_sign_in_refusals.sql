CREATE TABLE "sign_in_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL
);

CREATE TABLE "billing_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"billing_cycle_day" integer,
	"billing_contact_email" text,
	"pay_now_url" text,
	"open_invoices_url" text,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"status" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"created_date" timestamp with time zone,
	"subtotal" numeric(19, 4) NOT NULL,
	"invoice_tax" numeric(19, 4) NOT NULL,
	"invoice_amount" numeric(19, 4) NOT NULL,
	"paid_amount" numeric(19, 4) NOT NULL,
	"balance" numeric(19, 4) NOT NULL,
	"invoice_pdf_url" text,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"error" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_logs_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_billing_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."billing_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_customer_date" ON "invoices" USING btree ("customer_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_created" ON "webhook_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_type_created" ON "webhook_logs" USING btree ("event_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_processed_created" ON "webhook_logs" USING btree ("processed","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
DROP INDEX "invoices_customer_date";--> statement-breakpoint
DROP INDEX "webhook_logs_created";--> statement-breakpoint
DROP INDEX "webhook_logs_type_created";--> statement-breakpoint
DROP INDEX "webhook_logs_processed_created";--> statement-breakpoint
ALTER TABLE "billing_customers" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
CREATE INDEX "service_keys_created" ON "service_keys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_date" ON "invoices" USING btree ("customer_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "webhook_logs_created" ON "webhook_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_logs_type_created" ON "webhook_logs" USING btree ("event_type","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_logs_processed_created" ON "webhook_logs" USING btree ("processed","created_at","id");--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_currency" CHECK ("billing_customers"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency" CHECK ("invoices"."currency" ~ '^[A-Z]{3}$');
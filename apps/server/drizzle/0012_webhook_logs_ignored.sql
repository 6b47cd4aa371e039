ALTER TABLE "webhook_logs" ADD COLUMN "ignored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Deliveries stored before this column said so only in their note.
UPDATE "webhook_logs" SET "ignored" = true WHERE "processed" AND "note" LIKE 'The portal does not handle %';

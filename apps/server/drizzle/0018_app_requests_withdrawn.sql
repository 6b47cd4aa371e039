ALTER TABLE "app_request_history" DROP CONSTRAINT "app_request_history_action";--> statement-breakpoint
ALTER TABLE "app_requests" DROP CONSTRAINT "app_requests_status";--> statement-breakpoint
ALTER TABLE "app_request_history" ADD CONSTRAINT "app_request_history_action" CHECK ("app_request_history"."action" in ('CREATED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'COMMENTS_UPDATED'));--> statement-breakpoint
ALTER TABLE "app_requests" ADD CONSTRAINT "app_requests_status" CHECK ("app_requests"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'));
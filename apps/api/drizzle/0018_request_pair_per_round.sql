DROP INDEX "review_requests_pair_key";--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_pair_key" ON "review_requests" USING btree ("paper_id","reviewer_id","is_camera_ready","round");
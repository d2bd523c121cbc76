CREATE TABLE "meta_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"round" integer NOT NULL,
	"recommendation_status_id" integer,
	"committee_text" text DEFAULT '' NOT NULL,
	"author_text" text,
	"release_to_authors" boolean DEFAULT true NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "role" text DEFAULT 'reviewer' NOT NULL;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_recommendation_status_id_statuses_id_fk" FOREIGN KEY ("recommendation_status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meta_reviews_request_key" ON "meta_reviews" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "meta_reviews_paper_idx" ON "meta_reviews" USING btree ("paper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_meta_key" ON "review_requests" USING btree ("paper_id","is_camera_ready","round") WHERE "review_requests"."role" = 'meta';--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_role_check" CHECK ("review_requests"."role" in ('reviewer', 'meta'));
CREATE TABLE "discussion_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"visibility" text NOT NULL,
	"text" text NOT NULL,
	"mentions" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_comments_visibility_check" CHECK ("discussion_comments"."visibility" in ('reviewers', 'chairs', 'authors'))
);
--> statement-breakpoint
CREATE TABLE "discussion_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"notified_through_comment_id" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_reads" (
	"user_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"last_read_comment_id" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reads_user_id_paper_id_pk" PRIMARY KEY("user_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "review_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"version" integer NOT NULL,
	"quality" integer,
	"contribution" integer,
	"originality" integer,
	"final" integer NOT NULL,
	"comments_author" text NOT NULL,
	"comments_chair" text NOT NULL,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "discussion_before_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_digests" ADD CONSTRAINT "discussion_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reads" ADD CONSTRAINT "discussion_reads_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_comments_paper_idx" ON "discussion_comments" USING btree ("paper_id","id");--> statement-breakpoint
CREATE INDEX "discussion_comments_track_idx" ON "discussion_comments" USING btree ("track_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_versions_review_version_key" ON "review_versions" USING btree ("review_id","version");--> statement-breakpoint
CREATE INDEX "review_versions_paper_idx" ON "review_versions" USING btree ("paper_id");--> statement-breakpoint
-- Reviews submitted before the discussion existed are their own version 1.
INSERT INTO "review_versions" ("review_id", "paper_id", "version", "quality", "contribution", "originality", "final", "comments_author", "comments_chair", "submitted_by", "created_at")
SELECT "id", "paper_id", 1, "quality", "contribution", "originality", "final", "comments_author", "comments_chair", "submitted_by", coalesce("submitted_at", "updated_at")
FROM "reviews" WHERE NOT "draft";

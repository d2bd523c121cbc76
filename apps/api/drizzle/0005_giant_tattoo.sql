CREATE TABLE "bids" (
	"reviewer_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"bid" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_reviewer_id_paper_id_pk" PRIMARY KEY("reviewer_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "declared_conflicts" (
	"reviewer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declared_conflicts_reviewer_id_user_id_pk" PRIMARY KEY("reviewer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"is_camera_ready" boolean DEFAULT false NOT NULL,
	"waiting" boolean DEFAULT true NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"evaluation" integer DEFAULT -1 NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"reply_due_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"is_camera_ready" boolean DEFAULT false NOT NULL,
	"quality" integer,
	"contribution" integer,
	"originality" integer,
	"final" integer DEFAULT -2 NOT NULL,
	"comments_author" text DEFAULT '' NOT NULL,
	"comments_chair" text DEFAULT '' NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"submitted_by" integer,
	"source" text DEFAULT 'reviewer' NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_scores_check" CHECK (coalesce("reviews"."quality", 0) between 0 and 10
      and coalesce("reviews"."contribution", 0) between 0 and 10 and coalesce("reviews"."originality", 0) between 0 and 10
      and "reviews"."final" between -2 and 2)
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declared_conflicts" ADD CONSTRAINT "declared_conflicts_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declared_conflicts" ADD CONSTRAINT "declared_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_paper_idx" ON "bids" USING btree ("paper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_pair_key" ON "review_requests" USING btree ("paper_id","reviewer_id","is_camera_ready");--> statement-breakpoint
CREATE INDEX "review_requests_reviewer_idx" ON "review_requests" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "review_requests_track_idx" ON "review_requests" USING btree ("track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_key" ON "reviews" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "reviews_paper_idx" ON "reviews" USING btree ("paper_id");
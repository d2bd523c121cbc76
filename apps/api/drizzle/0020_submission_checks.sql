CREATE TABLE "duplicate_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_a" integer NOT NULL,
	"paper_b" integer NOT NULL,
	"kind" text NOT NULL,
	"similarity" real NOT NULL,
	"passages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_reason" text,
	"dismissed_by" text,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "duplicate_pairs_order_check" CHECK ("duplicate_pairs"."paper_a" < "duplicate_pairs"."paper_b")
);
--> statement-breakpoint
CREATE TABLE "duplicate_scans" (
	"paper_id" integer PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"text" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finding_acceptances" (
	"file_id" integer NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" integer,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_acceptances_file_id_code_pk" PRIMARY KEY("file_id","code")
);
--> statement-breakpoint
CREATE TABLE "paper_file_checks" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"part" text NOT NULL,
	"stage" text NOT NULL,
	"status" text NOT NULL,
	"page_count" integer,
	"body_pages" integer,
	"findings" jsonb NOT NULL,
	"outlines" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_fingerprints" (
	"paper_id" integer PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"text" text NOT NULL,
	"signature" integer[] NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_lsh_keys" (
	"paper_id" integer NOT NULL,
	"band" smallint NOT NULL,
	"key" integer NOT NULL,
	CONSTRAINT "paper_lsh_keys_paper_id_band_pk" PRIMARY KEY("paper_id","band")
);
--> statement-breakpoint
CREATE TABLE "track_checks" (
	"track_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_paper_a_papers_id_fk" FOREIGN KEY ("paper_a") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_paper_b_papers_id_fk" FOREIGN KEY ("paper_b") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_scans" ADD CONSTRAINT "duplicate_scans_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_acceptances" ADD CONSTRAINT "finding_acceptances_file_id_paper_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."paper_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finding_acceptances" ADD CONSTRAINT "finding_acceptances_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_file_checks" ADD CONSTRAINT "paper_file_checks_file_id_paper_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."paper_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_file_checks" ADD CONSTRAINT "paper_file_checks_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fingerprints" ADD CONSTRAINT "paper_fingerprints_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_lsh_keys" ADD CONSTRAINT "paper_lsh_keys_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_checks" ADD CONSTRAINT "track_checks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_pairs_key" ON "duplicate_pairs" USING btree ("paper_a","paper_b","kind");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_b_idx" ON "duplicate_pairs" USING btree ("paper_b");--> statement-breakpoint
CREATE INDEX "paper_file_checks_paper_idx" ON "paper_file_checks" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_lsh_keys_key_idx" ON "paper_lsh_keys" USING btree ("band","key");
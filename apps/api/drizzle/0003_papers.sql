CREATE TABLE "paper_authors" (
	"paper_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "paper_authors_paper_id_user_id_pk" PRIMARY KEY("paper_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "paper_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreement_version" integer NOT NULL,
	"agreement_html" text NOT NULL,
	"signature_name" text NOT NULL,
	"font" text NOT NULL,
	"jpeg" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"part" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"abstract_text" text NOT NULL,
	"abstract_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"track_id" integer NOT NULL,
	"primary_subject_area_id" integer,
	"primary_author_id" integer,
	"status_id" integer,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"submitted_camera_ready" boolean DEFAULT false NOT NULL,
	"submitted_presentation_ready" boolean DEFAULT false NOT NULL,
	"is_camera_ready" boolean DEFAULT false NOT NULL,
	"is_presentation_ready" boolean DEFAULT false NOT NULL,
	"camera_ready_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"presentation_ready_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration" jsonb,
	"other_registrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accept_with_revision_timestamp" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_authors" ADD CONSTRAINT "paper_authors_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_authors" ADD CONSTRAINT "paper_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_consents" ADD CONSTRAINT "paper_consents_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_files" ADD CONSTRAINT "paper_files_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_primary_subject_area_id_subject_areas_id_fk" FOREIGN KEY ("primary_subject_area_id") REFERENCES "public"."subject_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_primary_author_id_users_id_fk" FOREIGN KEY ("primary_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_authors_user_idx" ON "paper_authors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_consents_paper_key" ON "paper_consents" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "paper_files_paper_idx" ON "paper_files" USING btree ("paper_id","part");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_files_key_key" ON "paper_files" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_files_single_part_key" ON "paper_files" USING btree ("paper_id","part") WHERE "paper_files"."part" <> 'abstract';--> statement-breakpoint
CREATE INDEX "papers_track_idx" ON "papers" USING btree ("track_id");--> statement-breakpoint
CREATE INDEX "papers_status_idx" ON "papers" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "papers_updated_at_idx" ON "papers" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "papers_registration_id_key" ON "papers" USING btree (("registration"->>'id')) WHERE coalesce("papers"."registration"->>'id', '') <> '';
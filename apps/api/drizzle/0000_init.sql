CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer NOT NULL,
	"subject_id" integer,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"alternate_email" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_registered" boolean DEFAULT false NOT NULL,
	"notify" boolean DEFAULT true NOT NULL,
	"lock_status" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_chair" boolean DEFAULT false NOT NULL,
	"is_cochair" boolean DEFAULT false NOT NULL,
	"cochair_tracks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_reviewer" boolean DEFAULT false NOT NULL,
	"reviewer_tracks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"reviewer_count" integer DEFAULT 0 NOT NULL,
	"session_chair_sessions" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"bcc" text[] DEFAULT '{}' NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "conference_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conference" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"external_url" text DEFAULT '' NOT NULL,
	"dates" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"copyright" text DEFAULT '' NOT NULL,
	"support" text DEFAULT '' NOT NULL,
	"hotel" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"author_view" jsonb DEFAULT '{"viewConferenceTrackStatus":false}'::jsonb NOT NULL,
	"program_table" text DEFAULT '' NOT NULL,
	"consent_file_upload" boolean DEFAULT false NOT NULL,
	"digital_consent_signing" boolean DEFAULT false NOT NULL,
	"consent_button_label" text DEFAULT 'Sign the consent form' NOT NULL,
	"publishing_agreement_html" text DEFAULT '' NOT NULL,
	"agreement_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_accepted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"can_submit_paper" boolean DEFAULT true NOT NULL,
	"can_submit_paper_deadline" timestamp with time zone,
	"can_edit_paper" boolean DEFAULT false NOT NULL,
	"can_edit_paper_deadline" timestamp with time zone,
	"can_submit_camera_ready" boolean DEFAULT true NOT NULL,
	"can_submit_camera_ready_deadline" timestamp with time zone,
	"can_submit_presentation_ready" boolean DEFAULT true NOT NULL,
	"can_submit_presentation_ready_deadline" timestamp with time zone,
	"submission_welcome_message" text DEFAULT '' NOT NULL,
	"abstract_length" integer DEFAULT 5000 NOT NULL,
	"min_files_limit" integer DEFAULT 1 NOT NULL,
	"max_files_limit" integer DEFAULT 1 NOT NULL,
	"submission_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"camera_ready_welcome_message" text DEFAULT '' NOT NULL,
	"camera_ready_file_size_limit" integer DEFAULT 40 NOT NULL,
	"camera_ready_allowed_files" text[] DEFAULT '{"doc","docx","pdf"}' NOT NULL,
	"camera_ready_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"presentation_ready_welcome_message" text DEFAULT '' NOT NULL,
	"presentation_ready_file_size_limit" integer DEFAULT 40 NOT NULL,
	"presentation_ready_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subject_areas" ADD CONSTRAINT "subject_areas_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "login_attempts_email_at_idx" ON "login_attempts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "outbox_state_next_idx" ON "outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "subject_areas_track_idx" ON "subject_areas" USING btree ("track_id","position");
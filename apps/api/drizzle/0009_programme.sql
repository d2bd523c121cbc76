CREATE TABLE "programme_clash_acks" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"desk" text NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "programme_versions_version_check" CHECK ("programme_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "programme_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"capacity" integer
);
--> statement-breakpoint
CREATE TABLE "programme_session_papers" (
	"paper_id" integer PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"room_id" integer,
	"track_id" integer,
	"event_id" integer,
	"link" text DEFAULT '' NOT NULL,
	"presenter_id" integer,
	CONSTRAINT "programme_sessions_kind_check" CHECK ("programme_sessions"."kind" in ('technical', 'poster', 'tutorial'))
);
--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "programme_clash_acks" ADD CONSTRAINT "programme_clash_acks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_events" ADD CONSTRAINT "programme_events_day_id_programme_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."programme_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_versions" ADD CONSTRAINT "programme_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_papers" ADD CONSTRAINT "programme_session_papers_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session_papers" ADD CONSTRAINT "programme_session_papers_session_id_programme_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_room_id_programme_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."programme_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_event_id_programme_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."programme_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sessions" ADD CONSTRAINT "programme_sessions_presenter_id_users_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_days_date_key" ON "programme_days" USING btree ("date");--> statement-breakpoint
CREATE INDEX "programme_events_day_idx" ON "programme_events" USING btree ("day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_rooms_name_key" ON "programme_rooms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "programme_session_papers_session_idx" ON "programme_session_papers" USING btree ("session_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_sessions_number_key" ON "programme_sessions" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_sessions_title_key" ON "programme_sessions" USING btree (lower("title")) WHERE "programme_sessions"."kind" = 'technical';--> statement-breakpoint
CREATE INDEX "programme_sessions_event_idx" ON "programme_sessions" USING btree ("event_id");
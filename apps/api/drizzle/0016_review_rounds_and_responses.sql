CREATE TABLE "author_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"round" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_rounds" (
	"track_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"review_due_at" timestamp with time zone,
	"response_opens_at" timestamp with time zone,
	"response_closes_at" timestamp with time zone,
	"response_limit" integer,
	"response_limit_unit" text DEFAULT 'words' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_rounds_track_id_number_pk" PRIMARY KEY("track_id","number"),
	CONSTRAINT "review_rounds_number_check" CHECK ("review_rounds"."number" >= 1),
	CONSTRAINT "review_rounds_limit_check" CHECK (coalesce("review_rounds"."response_limit", 1) >= 1),
	CONSTRAINT "review_rounds_unit_check" CHECK ("review_rounds"."response_limit_unit" in ('words', 'characters'))
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "author_responses_paper_round_key" ON "author_responses" USING btree ("paper_id","round");--> statement-breakpoint
CREATE INDEX "author_responses_track_idx" ON "author_responses" USING btree ("track_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_name_key" ON "review_rounds" USING btree ("track_id",lower("name"));--> statement-breakpoint
CREATE INDEX "review_requests_track_round_idx" ON "review_requests" USING btree ("track_id","round");--> statement-breakpoint
-- Every track has round R1 (number 1): the tracks before this migration get it here, and a trigger gives it
-- to every new track, however it is inserted. Existing review requests are R1 by the column's default.
INSERT INTO "review_rounds" ("track_id", "number", "name") SELECT "id", 1, 'R1' FROM "tracks" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION track_gets_round_one() RETURNS trigger AS $$
BEGIN
  INSERT INTO review_rounds (track_id, number, name) VALUES (NEW.id, 1, 'R1') ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tracks_get_round_one
  AFTER INSERT ON tracks
  FOR EACH ROW
  EXECUTE FUNCTION track_gets_round_one();

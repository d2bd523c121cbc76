CREATE TABLE "programme_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tutorial_track_id" integer,
	CONSTRAINT "programme_settings_one_row" CHECK ("programme_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "programme_settings" ADD CONSTRAINT "programme_settings_tutorial_track_id_tracks_id_fk" FOREIGN KEY ("tutorial_track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The chair now chooses the tutorials track; an existing conference keeps the one it had: the first track
-- (in the chairs' order) whose name contains 'Tutorials'.
INSERT INTO "programme_settings" ("id", "tutorial_track_id")
SELECT 1, (SELECT "id" FROM "tracks" WHERE "name" ILIKE '%tutorials%' ORDER BY "position", "id" LIMIT 1);

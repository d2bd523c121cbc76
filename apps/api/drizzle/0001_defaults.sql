-- The one conference row and the default paper status every conference starts with.
INSERT INTO "conference" ("id", "short_name", "full_name") VALUES (1, 'Conference', 'Conference') ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('conference', 'id'), 1, true);
--> statement-breakpoint
INSERT INTO "statuses" ("text", "position", "is_default", "is_accepted") SELECT 'Awaiting Decision', 1, true, false WHERE NOT EXISTS (SELECT 1 FROM "statuses" WHERE "is_default");

ALTER TABLE "conference_images" ADD CONSTRAINT "conference_images_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conference_images_kind_key" ON "conference_images" USING btree ("conference_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_text_key" ON "statuses" USING btree (lower("text"));--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_name_key" ON "tracks" USING btree (lower("name"));
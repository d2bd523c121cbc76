-- A paper moved to another track (chair edit or bulk edit) takes its review requests and reviews with it,
-- so track chairs and the per-track limits see them in the paper's current track.
CREATE OR REPLACE FUNCTION review_track_follows_paper() RETURNS trigger AS $$
BEGIN
  UPDATE review_requests SET track_id = NEW.track_id WHERE paper_id = NEW.id;
  UPDATE reviews SET track_id = NEW.track_id WHERE paper_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER papers_track_moves_reviews
  AFTER UPDATE OF track_id ON papers
  FOR EACH ROW
  WHEN (OLD.track_id IS DISTINCT FROM NEW.track_id)
  EXECUTE FUNCTION review_track_follows_paper();

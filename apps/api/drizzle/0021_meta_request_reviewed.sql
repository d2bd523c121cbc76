-- A submitted meta-review completes its request as a submitted review does (issue 25): requests whose
-- meta-review was submitted before this migration become "reviewed".
UPDATE "review_requests" SET "reviewed" = true, "updated_at" = now()
WHERE "role" = 'meta' AND NOT "reviewed"
  AND "id" IN (SELECT "request_id" FROM "meta_reviews" WHERE "submitted_at" IS NOT NULL);

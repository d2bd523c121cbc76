CREATE TABLE "paper_registration_ids" (
	"registration_id" text PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"selection" jsonb NOT NULL,
	"track_ids" integer[],
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zip" "bytea",
	"lease_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"paper_id" integer,
	"recipient_user_id" integer,
	"recipient_name" text NOT NULL,
	"series" text,
	"number" integer,
	"number_label" text,
	"amount" numeric(12, 2),
	"currency" text,
	"params" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"credits_id" integer,
	"batch_id" integer,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "letter_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"signer_title" text DEFAULT '' NOT NULL,
	"signature" "bytea",
	"signature_type" text,
	"issuer_name" text DEFAULT '' NOT NULL,
	"issuer_address" text DEFAULT '' NOT NULL,
	"issuer_tax_id" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"receipt_prefix" text DEFAULT 'RCP' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"track_ids" integer[],
	"summary" jsonb NOT NULL,
	"xlsx" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "papers_registration_id_key";--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "certificate_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "invitation_letter_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_registration_ids" ADD CONSTRAINT "paper_registration_ids_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_registration_ids_paper_idx" ON "paper_registration_ids" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "document_batches_state_idx" ON "document_batches" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_code_key" ON "issued_documents" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_number_key" ON "issued_documents" USING btree ("series","number") WHERE "issued_documents"."number" is not null;--> statement-breakpoint
CREATE INDEX "issued_documents_paper_idx" ON "issued_documents" USING btree ("paper_id","kind");--> statement-breakpoint
CREATE INDEX "issued_documents_batch_idx" ON "issued_documents" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "letter_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "paper_registration_ids" ("registration_id", "paper_id", "kind")
SELECT trim(p."registration"->>'id'), p."id", 'main' FROM "papers" p
WHERE coalesce(trim(p."registration"->>'id'), '') NOT IN ('', 'Waived', 'Volunteer')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "paper_registration_ids" ("registration_id", "paper_id", "kind")
SELECT trim(r->>'id'), p."id", 'other' FROM "papers" p, jsonb_array_elements(p."other_registrations") r
WHERE coalesce(trim(r->>'id'), '') NOT IN ('', 'Waived', 'Volunteer')
ON CONFLICT DO NOTHING;

CREATE TABLE "email_settings" (
	"owner" text PRIMARY KEY NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"bcc" text[] DEFAULT '{}' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer NOT NULL,
	"role" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"template_id" integer,
	"subject" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"object_key" text NOT NULL,
	"occurrence" text NOT NULL,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"offsets" integer[] NOT NULL,
	"template_id" integer NOT NULL,
	"track_ids" integer[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"queued" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_state_next_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "track_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "paper_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_response" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "send_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "paper_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sends_key" ON "mail_sends" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_key" ON "reminder_deliveries" USING btree ("rule_id","user_id","object_key","occurrence");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_rule_idx" ON "reminder_deliveries" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_rules_name_key" ON "reminder_rules" USING btree ("name");--> statement-breakpoint
CREATE INDEX "reminder_runs_rule_idx" ON "reminder_runs" USING btree ("rule_id","started_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "outbox_state_next_idx" ON "outbox" USING btree ("state","next_attempt_at") WHERE "outbox"."state" in ('pending', 'sending');
ALTER TABLE "reminder_rules" ALTER COLUMN "enabled" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "reminder_rules" ADD COLUMN "send_hour" integer DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_rules" ADD COLUMN "recipients" text DEFAULT 'all' NOT NULL;
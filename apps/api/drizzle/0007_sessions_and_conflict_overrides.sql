CREATE TABLE "conflict_overrides" (
	"paper_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"chair_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conflict_overrides_paper_id_reviewer_id_pk" PRIMARY KEY("paper_id","reviewer_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conflict_overrides" ADD CONSTRAINT "conflict_overrides_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_overrides" ADD CONSTRAINT "conflict_overrides_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_overrides" ADD CONSTRAINT "conflict_overrides_chair_id_users_id_fk" FOREIGN KEY ("chair_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflict_overrides_reviewer_idx" ON "conflict_overrides" USING btree ("reviewer_id");
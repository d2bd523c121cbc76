CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"token" text NOT NULL,
	"state" text NOT NULL,
	"request_hash" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_token_idx" ON "idempotency_keys" USING btree ("token");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
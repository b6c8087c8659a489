CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"lms_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" bigint,
	"class_id" bigint,
	"kind" text NOT NULL,
	"holder_name" text NOT NULL,
	"title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"lms_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_class" ON "certificates" USING btree ("user_id","class_id");--> statement-breakpoint
CREATE INDEX "certificates_user" ON "certificates" USING btree ("lms_id","user_id");--> statement-breakpoint
CREATE INDEX "account_tokens_user" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "account_tokens_expiry" ON "account_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Accounts made before e-mail verification existed are not asked for it afterwards.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;

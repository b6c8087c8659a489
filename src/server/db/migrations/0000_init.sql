CREATE TABLE "app_settings" (
	"lms_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_settings_lms_id_key_pk" PRIMARY KEY("lms_id","key")
);
--> statement-breakpoint
CREATE TABLE "app_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"lms_id" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"origin" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"lms_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"app_code" text NOT NULL,
	"title" text NOT NULL,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"settings_revision" integer DEFAULT 0 NOT NULL,
	"settings_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_code_unique" UNIQUE("code"),
	CONSTRAINT "tenants_app_code_unique" UNIQUE("app_code")
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"lms_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lms_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_tokens" ADD CONSTRAINT "app_tokens_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_tokens_expiry" ON "app_tokens" USING btree ("lms_id","expires_at");--> statement-breakpoint
CREATE INDEX "user_sessions_user" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_lms_email" ON "users" USING btree ("lms_id","email");
CREATE TABLE "build_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "build_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"full" boolean DEFAULT false NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"build_id" text,
	"pages" integer,
	"rendered" integer,
	"duration_ms" integer,
	"error" text,
	"log" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_copy" (
	"lms_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_copy_lms_id_key_pk" PRIMARY KEY("lms_id","key")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "site_copy" ADD CONSTRAINT "site_copy_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "build_jobs_one_queued" ON "build_jobs" USING btree ("tenant") WHERE status = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "build_jobs_one_running" ON "build_jobs" USING btree ("tenant") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "build_jobs_claim" ON "build_jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "build_jobs_history" ON "build_jobs" USING btree ("tenant","id");
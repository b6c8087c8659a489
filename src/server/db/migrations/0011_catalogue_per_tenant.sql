CREATE TABLE "class_courses" (
	"class_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	CONSTRAINT "class_courses_class_id_course_id_pk" PRIMARY KEY("class_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "festivals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "festivals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lms_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"zone" text DEFAULT 'Asia/Jakarta' NOT NULL,
	"place" text NOT NULL,
	"city_id" text,
	"programme" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sponsor_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festivals_dates" CHECK ("festivals"."starts_at" <= "festivals"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "league_seasons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "league_seasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lms_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"season" jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status";--> statement-breakpoint
ALTER TABLE "payment_accounts" DROP CONSTRAINT "payment_accounts_bps";--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "catalogue_of" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "vat_bps" integer DEFAULT 1100 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "vat_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "participants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "graduates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_courses" ADD CONSTRAINT "class_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "festivals" ADD CONSTRAINT "festivals_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_seasons" ADD CONSTRAINT "league_seasons_lms_id_tenants_lms_id_fk" FOREIGN KEY ("lms_id") REFERENCES "public"."tenants"("lms_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_courses_course" ON "class_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "festivals_slug" ON "festivals" USING btree ("lms_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "league_seasons_slug" ON "league_seasons" USING btree ("lms_id","slug");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_catalogue_of_tenants_lms_id_fk" FOREIGN KEY ("catalogue_of") REFERENCES "public"."tenants"("lms_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The PPN rate moves from the payment account to the tenant (one tax rule per tenant), and a premium
-- course's class becomes its first granting class.
UPDATE "tenants" SET "vat_bps" = "payment_accounts"."vat_bps" FROM "payment_accounts" WHERE "payment_accounts"."lms_id" = "tenants"."lms_id";--> statement-breakpoint
INSERT INTO "class_courses" ("class_id", "course_id") SELECT "class_id", "id" FROM "courses" WHERE "class_id" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "payment_accounts" DROP COLUMN "vat_bps";--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_vat_bps" CHECK ("tenants"."vat_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('pending', 'paid', 'expired', 'failed', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_bps" CHECK ("payment_accounts"."mentor_share_bps" between 0 and 10000);
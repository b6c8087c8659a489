ALTER TABLE "invoices" ADD COLUMN "vat_bps" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_included" boolean;--> statement-breakpoint
-- Invoices issued before the rule was stored: their tenant's rule now, the best record there is.
UPDATE "invoices" SET "vat_bps" = "tenants"."vat_bps", "vat_included" = "tenants"."vat_included" FROM "tenants" WHERE "tenants"."lms_id" = "invoices"."lms_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_bps" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_included" SET NOT NULL;

-- Until this version every tenant without a catalogue of its own got a copy of the shared seed
-- catalogue under its own lms id; now each brand has its own, and one shows another's only by a
-- setting (tenants.catalogue_of). The copies on an existing database are taken out of sight, never
-- deleted (enrolments, invoices and progress may point at them): classes, programs, courses and
-- mentors of the old shared seed on every tenant but the demo tenant (whose catalogue it now is) and
-- ElevAIte (which always had its own). Staff can publish any of them again.
UPDATE "classes" SET "is_published" = false, "updated_at" = now() WHERE "lms_id" NOT IN ('001ebf66-3734-4f3d-99ed-b5c512ff9bee', 'f8841964-cc7d-4709-a907-d564534f34fd') AND "code" IN ('FWD-2026-B3', 'FWD-2026-JKT', 'JS-DASAR-11', 'NODE-API-04', 'SQL-PRAKTIS-07', 'PY-DATA-02', 'DAM-BC-03', 'VIZ-DATA-01', 'AI-KELAS-01', 'KARIER-WEB-05', 'CV-PORTO-02', 'FIGMA-01', 'UX-RISET-02', 'UIUX-BC-01', 'SMK-RPL-MKS', 'SMK-RPL-MDN', 'PRA-SMK-01', 'PRA-WEB-01', 'GPD-5-DPS', 'GPD-4-BDG', 'UK-WEB-01', 'UK-DATA-01', 'SEC-WEB-01', 'DOCKER-01', 'ML-INTRO-01');--> statement-breakpoint
UPDATE "programs" SET "is_active" = false, "updated_at" = now() WHERE "lms_id" NOT IN ('001ebf66-3734-4f3d-99ed-b5c512ff9bee', 'f8841964-cc7d-4709-a907-d564534f34fd') AND "slug" IN ('fullstack-web-developer', 'data-analyst-muda', 'coding-untuk-smk', 'guru-penggerak-digital', 'ui-ux-design');--> statement-breakpoint
UPDATE "courses" SET "is_published" = false, "updated_at" = now() WHERE "lms_id" NOT IN ('001ebf66-3734-4f3d-99ed-b5c512ff9bee', 'f8841964-cc7d-4709-a907-d564534f34fd') AND "slug" IN ('dasar-html-dan-css', 'sql-untuk-pemula', 'javascript-modern', 'python-untuk-analisis-data');--> statement-breakpoint
UPDATE "mentors" SET "is_active" = false, "updated_at" = now() WHERE "lms_id" NOT IN ('001ebf66-3734-4f3d-99ed-b5c512ff9bee', 'f8841964-cc7d-4709-a907-d564534f34fd') AND "slug" IN ('rizky-pratama', 'dewi-lestari-putri', 'ahmad-fauzan', 'sari-wulandari', 'bayu-anggara', 'nadia-kusuma');--> statement-breakpoint
-- The shared seed's leaderboards and statistics events were seed copies too (no natural key, nothing points at them).
DELETE FROM "leaderboard_scores" WHERE "lms_id" NOT IN ('001ebf66-3734-4f3d-99ed-b5c512ff9bee', 'f8841964-cc7d-4709-a907-d564534f34fd');--> statement-breakpoint
DELETE FROM "statistic_events" WHERE "lms_id" NOT IN ('001ebf66-3734-4f3d-99ed-b5c512ff9bee', 'f8841964-cc7d-4709-a907-d564534f34fd') AND "subject" = 'seed';

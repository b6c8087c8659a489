ALTER TABLE "course_chapters" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD COLUMN "content_html_of" text;
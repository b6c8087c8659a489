import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { PageSchema } from '~/lib/tenant/content-schema';
import { SHARED_DIR } from '~/lib/tenant/load';

/**
 * Page copy: the tenant's own `content/pages/**.md` and the shared copy every tenant inherits.
 * Entry ids keep the route's case (`Training-Services/Syllabus`), since routes are case-sensitive.
 */
const code = process.env.TENANT || 'demo';
const pagesOf = (folder: string) =>
  defineCollection({
    loader: glob({
      pattern: '**/*.md',
      base: `./tenants/${folder}/content/pages`,
      generateId: ({ entry }) => entry.replace(/\.md$/, ''),
    }),
    schema: PageSchema,
  });

export const collections = { pages: pagesOf(code), sharedPages: pagesOf(SHARED_DIR) };

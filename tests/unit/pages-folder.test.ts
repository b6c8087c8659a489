import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeOfPageModule } from '~/lib/seo/sitemap';

/** Astro publishes every .astro/.md/.mdx file under src/pages that does not start with `_`. */
describe('src/pages', () => {
  it('publishes only routes of the site, never its notes to developers', () => {
    const files = readdirSync(join(process.cwd(), 'src/pages'), { recursive: true, encoding: 'utf8' });
    const published = files.filter((file) => /\.(astro|md|mdx)$/.test(file) && !file.split('/').some((part) => part.startsWith('_')));
    const routes = published.map((file) => routeOfPageModule(`./${file}`));
    expect(routes).not.toContain('/README');
    expect(published.filter((file) => /\.mdx?$/.test(file))).toEqual([]);
  });
});

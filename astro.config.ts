import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadConfig } from './src/server/config';
import { apiDevPlugin } from './src/server/dev-plugin';
import { renderAdapter } from './src/server/sites/astro-adapter';

/**
 * One compile of the site for every tenant (`npm run build` runs it when the sources change): every
 * page renders on request, through `server/entry.mjs` (astro-entry.ts), given a tenant's context and
 * a content source. A tenant's build then renders its pages through it into static files
 * (src/server/builds/site-build.ts). Writes to SITE_COMPILE_DIR (default $DIST_DIR/_site).
 *
 * The environment is parsed once here (src/server/config.ts), for the compile's folder and for the
 * API `astro dev` mounts; a value a variable does not accept stops astro naming the variable.
 */
const config = loadConfig(process.env);

export default defineConfig({
  output: 'server',
  outDir: config.builds.siteCompileDir ?? `${config.builds.distDir}/_site`,
  cacheDir: './node_modules/.astro/site',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  adapter: renderAdapter(fileURLToPath(new URL('./src/server/sites/astro-entry.ts', import.meta.url))),
  integrations: [
    react(),
    {
      // `client:signedin` (src/lib/browser/signed-in-directive.ts): hydrate only for a signed-in browser.
      name: 'lms-client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'signedin', entrypoint: './src/lib/browser/signed-in-directive.ts' }),
      },
    },
  ],
  devToolbar: { enabled: false },
  vite: {
    plugins: [apiDevPlugin(config)],
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
});

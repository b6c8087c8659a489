import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import type { Plugin } from 'vite';
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
    plugins: [apiDevPlugin(config), consoleZod()],
    // React DOM in one chunk: the console's editor imports parts of it the islands' renderer does not, and
    // without this the shared parts would split into chunks of their own on every island page.
    build: {
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'dom-client', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] } },
      },
    },
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
});

/**
 * Full `zod` in the browser gets a copy of its own (`zod-console`, the same version under another
 * name). Public islands use `zod/mini` only; the staff console's islands use the contracts written in
 * full zod. Both builds share zod's core modules, and a module shared by two builds is bundled with
 * every part either one uses: the public islands' zod chunk would grow by what full zod needs of the
 * core (about 7 KB gzip). With its own copy, the console pays for its zod and public pages stay as
 * they were. The server (SSR) keeps the one `zod`.
 */
function consoleZod(): Plugin {
  return {
    name: 'lms-console-zod',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod') return null;
      const client = this.environment ? this.environment.config.consumer === 'client' : !options?.ssr;
      return client ? this.resolve('zod-console', importer, { ...options, skipSelf: true }) : null;
    },
  };
}

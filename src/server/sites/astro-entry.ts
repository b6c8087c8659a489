import { createApp } from 'astro/app/entrypoint';
import { setGetEnv } from 'astro/env/setup';

/**
 * The on-demand renderer of one build (`<build>/server/entry.mjs`): a Web `Request` in, a `Response`
 * out. The site server runs it in render processes of the live build (see `renderers.ts`), so a replaced
 * build's modules go away with its processes.
 */
setGetEnv((key) => process.env[key]);
const app = createApp({ streaming: false });

export function render(request: Request): Promise<Response> {
  return app.render(request);
}

// The app token of the demo tenant for the bench scripts: generated over HTTP as a site's app start does.
import { importTs } from './load-ts.mjs';

const { tenantClientKeys } = await importTs('src/server/platform/keys.ts');
const { produceAppToken } = await importTs('src/lib/api/app-token.ts');

/** POST `<base>/v1/authorizer/token/generate` for the tenant of `appCode`, as a page on `origin`: the tenant and its wrapped app token. */
export async function benchAppToken(platform, base, { appCode = 'NUSANTARA-LEARNING', origin = 'http://localhost:4321' } = {}) {
  const tenant = await platform.deps.tenants.byAppCode(appCode);
  const keys = tenantClientKeys(platform.deps.keys, tenant);
  const generated = await fetch(`${base}/v1/authorizer/token/generate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ id: keys.clientId, secret: keys.clientSecret, scopes: ['read', 'write'] }),
  });
  if (generated.status !== 201) throw new Error(`token/generate answered ${generated.status}: ${await generated.text()}`);
  const { data } = await generated.json();
  return { tenant, appToken: await produceAppToken(data, keys.cipherKey) };
}

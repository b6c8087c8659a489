import { hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Key material of the app token (SPEC §7). One master secret per deployment (`APP_TOKEN_SECRET`,
 * 32 bytes as 64 hex characters); every tenant's keys are derived from it, so rotating it retires
 * every token at once. Without the variable a development secret is generated once and kept beside
 * the embedded database.
 */
export interface KeyRing {
  master: Buffer;
}

/** The public credentials and cipher key a tenant's site uses to obtain and wrap app tokens. */
export interface TenantClientKeys {
  /** Client id sent to v1/authorizer/token/generate: the tenant's app code. */
  clientId: string;
  /** Client secret; like the original platform's, it ships in the site, so Origin is checked too. */
  clientSecret: string;
  /** AES-256-CTR key of the app token, hex. */
  cipherKey: string;
}

const HEX_SECRET = /^[0-9a-f]{64,}$/i;

/**
 * Reads the master secret from `APP_TOKEN_SECRET`, else (not in production) from `file`, creating it
 * on first start. Rotating the secret retires every app token and every site's client secret: set the
 * new value on the servers and rebuild every tenant.
 */
export function loadKeyRing(options: { secret?: string | undefined; file: string; production?: boolean }): KeyRing {
  if (options.secret) {
    if (!HEX_SECRET.test(options.secret)) throw new Error('APP_TOKEN_SECRET harus berupa minimal 64 karakter heksadesimal (32 byte)');
    return { master: Buffer.from(options.secret, 'hex') };
  }
  // A generated key lives on one disk: other servers and CI builds would each make their own, and
  // sites built elsewhere would hold a client secret this server refuses.
  if (options.production)
    throw new Error('LMS_ENV=production: setel APP_TOKEN_SECRET (64 karakter heksadesimal) yang sama di build dan server');
  if (!existsSync(options.file)) {
    mkdirSync(dirname(options.file), { recursive: true });
    try {
      // `wx`: when several servers start at once, the first one writes and the others read its key.
      writeFileSync(options.file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      console.log(`[api] kunci pengembangan app token dibuat di ${options.file} (produksi: setel APP_TOKEN_SECRET)`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = readFileSync(options.file, 'utf8').trim();
  if (!HEX_SECRET.test(stored)) throw new Error(`${options.file}: isi kunci tidak valid; hapus file ini agar dibuat ulang`);
  return { master: Buffer.from(stored, 'hex') };
}

function derive(keys: KeyRing, lmsId: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', keys.master, Buffer.from(lmsId), Buffer.from(`lms-app-token:${purpose}`), 32));
}

/** The keys of one tenant, derived from the master secret and the tenant's lms id. */
export function tenantClientKeys(keys: KeyRing, tenant: { lmsId: string; appCode: string }): TenantClientKeys {
  return {
    clientId: tenant.appCode,
    clientSecret: derive(keys, tenant.lmsId, 'client-secret').toString('base64url'),
    cipherKey: derive(keys, tenant.lmsId, 'cipher').toString('hex'),
  };
}

/**
 * A tenant's public key of the hosted database REST (the `apikey` header): its lms id, a dot and a
 * MAC of that id under the master secret, so the server finds the tenant without a table and no one
 * can make a key for another tenant. Public like a Supabase anon key (every page carries it): it only
 * says which tenant a call is for; what anonymous callers may do is `src/server/rest/registry.ts`'s.
 * Rotating the master secret changes every key (rebuild the sites).
 */
export function tenantRestKey(keys: KeyRing, lmsId: string): string {
  return `${lmsId}.${derive(keys, lmsId, 'rest-anon-key').toString('base64url')}`;
}

/** The lms id a REST key was made for, or undefined when the key is not one of ours. */
export function restKeyLmsId(keys: KeyRing, key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  const lmsId = key.slice(0, dot);
  if (dot < 1 || lmsId.length > 100) return undefined;
  const given = Buffer.from(key.slice(dot + 1));
  const expected = Buffer.from(derive(keys, lmsId, 'rest-anon-key').toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? lmsId : undefined;
}

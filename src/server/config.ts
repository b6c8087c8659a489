import { join, resolve } from 'node:path';
import { z } from 'zod';
// Types only: this file is loaded by astro.config.ts before the `~` alias exists, and by the build
// scripts, so it imports nothing at run time but zod and node:path.
import type { ApiBaseName } from '../contract/constants';
import type { DatabaseTimeouts } from './db/client';

/**
 * Every environment variable the server (main.ts), the dev plugin (dev-plugin.ts, through
 * astro.config.ts) and the build scripts (scripts/*.mjs) read: one schema, parsed once by each entry
 * point with `loadConfig(process.env)`, then handed down as typed slices (`config.mail`,
 * `config.payments`, `config.sites`, `config.database`, …). Nothing else reads `process.env`.
 *
 * Rules for every variable: surrounding spaces are dropped and an empty value counts as unset (an
 * unset `.env` line reads `''`), except where its description says otherwise; a value the variable
 * does not accept stops the start with `NAME: harus <what it accepts>, diterima "<value>"` (secrets
 * are not repeated). README.md has a table row for each (tests/unit/server/config.test.ts checks).
 */

/** Defaults that code outside this file also falls back on (a test's worker, a queue call without a service). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
  idleMs: 30_000,
};
export const DEFAULT_BUILD_QUEUE = { debounceMs: 750, leaseMs: 15_000, pollMs: 1000, retryBaseMs: 1000 };
export const DEFAULT_BUILDS_KEEP = 3;
export const DEFAULT_MAIL_FROM = 'no-reply@localhost';
export const DEFAULT_RECONCILE_MS = 300_000;

type Raw = string | undefined;

/** What a variable accepts, in words for the error, and how its text becomes its value (undefined: refused). */
interface Kind<T> {
  accepts: string;
  parse(text: string): T | undefined;
}

interface VariableOptions {
  /** The value may contain a password or key: an error does not repeat it. */
  secret?: boolean;
  /** Empty is a value of its own (REDIS_PREFIX), not "unset"; spaces are kept. */
  emptyIsValue?: boolean;
}

/**
 * One variable: `parse` gets its text (trimmed, never empty) and answers the value, or undefined
 * when the text is not one it accepts (`accepts` says what is, for the error); unset gives `fallback`.
 */
function variable<T, F extends T | undefined = undefined>(meaning: string, kind: Kind<T>, fallback?: F, options: VariableOptions = {}) {
  const { accepts, parse } = kind;
  return z
    .string()
    .optional()
    .transform((raw: Raw, ctx): T | F => {
      const text = options.emptyIsValue ? raw : raw?.trim() || undefined;
      if (text === undefined) return fallback as F;
      const value = parse(text);
      if (value === undefined) {
        const shown = options.secret ? '' : `, diterima "${raw}"`;
        ctx.issues.push({ code: 'custom', message: `harus ${accepts}${shown}`, input: raw });
        return z.NEVER;
      }
      return value;
    })
    .describe(meaning);
}

/** Whole numbers written as digits only, within `min`…`max`. */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER): Kind<number> => ({
  accepts: max === Number.MAX_SAFE_INTEGER ? `bilangan bulat ≥ ${min}` : `bilangan bulat ${min}–${max}`,
  parse: (text: string) => (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : undefined),
});
/** A number ≥ `min`, decimals allowed (`0.5`). */
const decimal = (min: number): Kind<number> => ({
  accepts: `angka ≥ ${min} (boleh desimal, mis. 0.5)`,
  parse: (text: string) => (/^\d+(\.\d+)?$/.test(text) && Number(text) >= min ? Number(text) : undefined),
});
const anyText = (text: string) => text;
/** An http(s) URL, without trailing slashes. */
const httpUrl = (text: string) => (/^https?:$/.test(URL.parse(text)?.protocol ?? '') ? text.replace(/\/+$/, '') : undefined);
/** What zod calls a URL (the S3 endpoints always took this). */
const zodUrl = (text: string) => (z.url().safeParse(text).success ? text : undefined);
const MAIL_ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const SWITCH: Record<string, boolean | undefined> = { '1': true, true: true, '0': false, false: false };

// Each description: what it does, its unit, its default. The README tables say the same to operators.
const EnvSchema = z.object({
  // The one server (main.ts).
  PORT: variable('Port of the one server of every tenant (0: any free port). Default 4321.', whole(0, 65_535), 4321),
  HOST: variable('Address the server listens on. Default 0.0.0.0 (every interface).', { accepts: 'alamat', parse: anyText }, '0.0.0.0'),
  DEFAULT_TENANT: variable(
    'Code of the tenant of localhost, 127.0.0.1 and [::1]. Default demo.',
    { accepts: 'kode tenant', parse: anyText },
    'demo',
  ),
  TENANT: variable(
    'The one tenant of `npm run dev` and the default of `--tenant` in the build scripts. Default: DEFAULT_TENANT in dev, demo in the scripts.',
    { accepts: 'kode tenant', parse: anyText },
  ),
  TRUST_PROXY: variable(
    'Proxies in front of the server that append to X-Forwarded-For (count; true = 1, false = 0). Default 0.',
    {
      accepts: 'true, false atau jumlah proxy (bilangan bulat ≥ 0)',
      parse: (text) => (text === 'false' ? 0 : text === 'true' ? 1 : whole(0).parse(text)),
    },
    0,
  ),
  TOKEN_GENERATE_PER_MINUTE: variable(
    'App tokens one client address may generate a minute (POST /token/generate); past it 429 (count). Default 60.',
    whole(1),
    60,
  ),
  ACCESS_LOG: variable(
    'One JSON line per request on standard output (1/true or 0/false). Default off (on in `npm start`).',
    { accepts: '1, true, 0 atau false', parse: (text) => SWITCH[text] },
    false,
  ),
  SHUTDOWN_TIMEOUT_MS: variable(
    'On SIGTERM/SIGINT, how long requests in progress may take before the rest are cut (ms). Default 10000.',
    whole(1),
    10_000,
  ),
  LMS_ENV: variable(
    '`production` on production servers and builds: requires APP_TOKEN_SECRET, no demo accounts, Duitku by default; any other value is not production. Default unset.',
    { accepts: 'teks', parse: anyText },
  ),

  // Database and keys (bootstrap.ts, scripts/db.mjs, scripts/builds.mjs).
  DATABASE_URL: variable(
    'PostgreSQL connection string to use instead of the embedded PGlite. Default unset (PGlite).',
    { accepts: 'URL PostgreSQL', parse: anyText },
    undefined,
    { secret: true },
  ),
  DATABASE_POOL_SIZE: variable('Connections per process to DATABASE_URL (count). Default 10.', whole(1), 10),
  DB_CONNECT_TIMEOUT_MS: variable(
    'Longest wait for a PostgreSQL connection, new or free in the pool (ms). Default 5000.',
    whole(1, 999_999_999),
    DEFAULT_DATABASE_TIMEOUTS.connectMs,
  ),
  DB_STATEMENT_TIMEOUT_MS: variable(
    'Longest a PostgreSQL statement may run, statement_timeout (ms). Default 10000.',
    whole(1, 999_999_999),
    DEFAULT_DATABASE_TIMEOUTS.statementMs,
  ),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: variable(
    'The server ends a session idle inside a transaction this long (ms). Default 30000.',
    whole(1, 999_999_999),
    DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
  ),
  DB_IDLE_TIMEOUT_MS: variable(
    'A pooled PostgreSQL connection idle this long is closed (ms). Default 30000.',
    whole(1, 999_999_999),
    DEFAULT_DATABASE_TIMEOUTS.idleMs,
  ),
  DATA_DIR: variable(
    'Folder of the embedded database, the development app-token key and local uploads (path). Default .data.',
    { accepts: 'folder', parse: anyText },
    '.data',
  ),
  PGLITE_DIR: variable('PGlite data folder (path; memory:// for a throwaway database). Default $DATA_DIR/pglite.', {
    accepts: 'folder atau memory://',
    parse: anyText,
  }),
  APP_TOKEN_SECRET: variable(
    'Master secret of the app tokens (64+ hex characters); required with LMS_ENV=production. Default unset: a development key in $DATA_DIR/app-token.key.',
    { accepts: 'minimal 64 karakter heksadesimal (32 byte)', parse: (text) => (/^[0-9a-f]{64,}$/i.test(text) ? text : undefined) },
    undefined,
    { secret: true },
  ),
  SEED_DEMO_USERS: variable(
    'Whether the start-up seed adds the demo accounts (true/false). Default: true except with LMS_ENV=production.',
    { accepts: 'true atau false', parse: (text) => (text === 'true' ? true : text === 'false' ? false : undefined) },
  ),
  REDIS_URL: variable(
    'Redis shared by several server processes (rate limits, site events): redis:// or rediss:// URL. Default unset (in process).',
    {
      accepts: 'redis://host:port atau rediss://host:port',
      parse: (text) => (/^rediss?:$/.test(URL.parse(text)?.protocol ?? '') ? text : undefined),
    },
    undefined,
    { secret: true },
  ),
  REDIS_PREFIX: variable(
    'Prefix of every Redis key and channel (text; empty is no prefix). Default lms:.',
    { accepts: 'teks', parse: anyText },
    'lms:',
    { emptyIsValue: true },
  ),

  // Mail (mail/service.ts).
  SMTP_URL: variable(
    'SMTP server mail goes through: smtp://user:pass@host:587 or smtps://user:pass@host:465. Default unset: the in-process catcher.',
    {
      accepts: 'smtp://[user:pass@]host[:port] atau smtps://…, mis. smtps://user:rahasia@smtp.contoh.id:465',
      parse: (text) => {
        const url = URL.parse(text);
        return url && /^smtps?:$/.test(url.protocol) && url.hostname ? text : undefined;
      },
    },
    undefined,
    { secret: true },
  ),
  MAIL_FROM: variable(
    'Sender address (shown with the tenant title), or a whole "Name" <address>. Default no-reply@localhost.',
    {
      accepts: 'alamat email, mis. no-reply@contoh.id atau "Nama" <no-reply@contoh.id>',
      parse: (text) => (MAIL_ADDRESS.test(/<([^<>]+)>\s*$/.exec(text)?.[1] ?? text) && !/[\r\n]/.test(text) ? text : undefined),
    },
    DEFAULT_MAIL_FROM,
  ),
  SMTP_CATCHER_PORT: variable('Port of the in-process SMTP catcher on 127.0.0.1 (0: any free port). Default 0.', whole(0, 65_535), 0),
  MAIL_POLL_MS: variable(
    'How often the mail worker looks for due mail besides being woken (ms). Default 5000.',
    whole(100, 3_600_000),
    5000,
  ),

  // Payments (payments/service.ts).
  PAYMENT_GATEWAY: variable(
    'duitku or simulator (a Duitku simulator inside the server). Default simulator, duitku with LMS_ENV=production. Empty is refused, not unset.',
    {
      accepts: 'duitku atau simulator',
      parse: (text): 'duitku' | 'simulator' | undefined => (text === 'duitku' || text === 'simulator' ? text : undefined),
    },
    undefined,
    { emptyIsValue: true },
  ),
  DUITKU_BASE_URL: variable(
    "With duitku: the gateway's base URL, e.g. https://api-sandbox.duitku.com (a tenant's own base_url wins). Default unset.",
    { accepts: 'URL http(s)', parse: httpUrl },
  ),
  PAYMENT_CALLBACK_ORIGIN: variable(
    "Public origin the gateway posts callbacks to. Default: this server (simulator), the tenant's public https host (Duitku).",
    { accepts: 'origin http(s), mis. https://contoh.id', parse: httpUrl },
  ),
  PAYMENT_RECONCILE_MS: variable(
    'How often pending and recently expired invoices are re-checked with the gateway (ms). Default 300000.',
    whole(1),
    DEFAULT_RECONCILE_MS,
  ),
  PAYMENT_CRASH_POINT: variable(
    'Tests only: `settle` kills the process inside the settle transaction; ignored with LMS_ENV=production. Default unset.',
    { accepts: 'teks', parse: anyText },
  ),
  GATEWAY_SIM_BACKOFF_MS: variable(
    "Tests: the simulator's waits between callback attempts (comma-separated ms, e.g. 50,100). Default 10000,60000,300000,1800000,7200000.",
    {
      accepts: 'daftar milidetik, mis. 50,100',
      parse: (text) => {
        const list = text.split(',').map((part) => part.trim());
        return list.every((part) => /^\d+$/.test(part)) ? list.map(Number) : undefined;
      },
    },
  ),
  GATEWAY_SIM_POLL_MS: variable('Tests: how often the simulator looks for due callbacks (ms). Default 1000.', whole(1)),

  // Chat (chat/service.ts).
  CHAT_STREAM_PACE_MS: variable(
    'Pause between the pieces of a streamed chat answer (ms, 0–2000). Default 0.',
    { accepts: '0–2000 (ms)', parse: (text) => (/^\d{1,4}$/.test(text) && Number(text) <= 2000 ? Number(text) : undefined) },
    0,
  ),

  // Uploads (uploads/store-from-env.ts) and the S3 credentials builds share.
  UPLOADS_S3_BUCKET: variable('Private bucket for uploads instead of $DATA_DIR/uploads. Default unset (local folder).', {
    accepts: 'nama bucket',
    parse: anyText,
  }),
  UPLOADS_S3_ENDPOINT: variable(
    'S3-compatible endpoint of the uploads bucket (URL; MinIO, R2, …), addressed path-style. Default unset (AWS S3).',
    { accepts: 'URL, mis. http://127.0.0.1:9000', parse: zodUrl },
  ),
  UPLOADS_S3_REGION: variable('Region of the uploads bucket. Default AWS_REGION, else us-east-1.', {
    accepts: 'nama region',
    parse: anyText,
  }),
  UPLOADS_S3_PREFIX: variable('Key prefix inside the uploads bucket, e.g. uploads/. Default none.', { accepts: 'teks', parse: anyText }),
  PUBLISH_S3_BUCKET: variable('Bucket builds are also published to, for a CDN. Default unset (local only).', {
    accepts: 'nama bucket',
    parse: anyText,
  }),
  PUBLISH_S3_ENDPOINT: variable(
    'S3-compatible endpoint of the publish bucket (URL; MinIO, R2, …), addressed path-style. Default unset (AWS S3).',
    { accepts: 'URL, mis. http://127.0.0.1:9000', parse: zodUrl },
  ),
  PUBLISH_S3_REGION: variable('Region of the publish bucket. Default AWS_REGION, else us-east-1.', {
    accepts: 'nama region',
    parse: anyText,
  }),
  PUBLISH_S3_PREFIX: variable('Key prefix inside the publish bucket, e.g. sites/. Default none.', { accepts: 'teks', parse: anyText }),
  AWS_REGION: variable('Region of both buckets when their own is not set. Default us-east-1.', { accepts: 'nama region', parse: anyText }),
  AWS_ACCESS_KEY_ID: variable(
    "Access key of both buckets (with AWS_SECRET_ACCESS_KEY). Default unset: the AWS SDK's own chain.",
    { accepts: 'teks', parse: anyText },
    undefined,
    { secret: true },
  ),
  AWS_SECRET_ACCESS_KEY: variable(
    "Secret key of both buckets (with AWS_ACCESS_KEY_ID). Default unset: the AWS SDK's own chain.",
    { accepts: 'teks', parse: anyText },
    undefined,
    { secret: true },
  ),

  // Builds (builds/, scripts/build.mjs, astro.config.ts).
  DIST_DIR: variable(
    'Folder of the site compile, the server bundle and every build (path). Default dist.',
    { accepts: 'folder', parse: anyText },
    'dist',
  ),
  SITE_COMPILE_DIR: variable('Set by `npm run build` for astro build: where the site compile is written (path). Default $DIST_DIR/_site.', {
    accepts: 'folder',
    parse: anyText,
  }),
  BUILDS_KEEP: variable(
    'Finished builds kept for rollback besides the live one, locally and in S3 (count). Default 3.',
    whole(0),
    DEFAULT_BUILDS_KEEP,
  ),
  BUILD_WORKERS: variable('Render processes of a tenant build (count). Default: one per core, at most 4.', whole(1)),
  BUILD_DEBOUNCE_MS: variable(
    'How long a new build job waits for more changes to coalesce into it (ms). Default 750.',
    whole(0),
    DEFAULT_BUILD_QUEUE.debounceMs,
  ),
  BUILD_LEASE_MS: variable(
    "How long a worker's claim on a build job lasts unless renewed (ms, ≥ 300). Default 15000.",
    whole(300),
    DEFAULT_BUILD_QUEUE.leaseMs,
  ),
  BUILD_POLL_MS: variable(
    'How often an idle build worker looks for due jobs (ms, ≥ 10). Default 1000.',
    whole(10),
    DEFAULT_BUILD_QUEUE.pollMs,
  ),
  BUILD_RETRY_BASE_MS: variable(
    'A failed build waits this × 2^attempts before its retry, at most 5 minutes (ms). Default 1000.',
    whole(0),
    DEFAULT_BUILD_QUEUE.retryBaseMs,
  ),

  // Serving (sites/server.ts, sites/renderers.ts).
  STATIC_MEMORY_MB: variable(
    'Memory for the bodies of static files; past it the least recently served are read from disk again (MB). Default 512.',
    decimal(0),
    512,
  ),
  PAGE_CACHE_MB: variable('Memory of the on-demand page cache (MB). Default 64.', decimal(0), 64),
  PAGE_CACHE_FRESH_S: variable('How long an on-demand page is served from cache as fresh (s). Default 60.', decimal(0), 60),
  PAGE_CACHE_STALE_S: variable(
    'How long after that it is still served stale while one render refreshes it (s). Default 3600.',
    decimal(0),
    3600,
  ),
  RENDER_WORKERS_MAX: variable('Render processes of on-demand pages in all (count). Default 4.', whole(1), 4),
  RENDER_WORKERS_PER_BUILD: variable(
    'Render processes of one live build (count; more start only while the first are busy). Default 2.',
    whole(1),
    2,
  ),
  RENDER_IDLE_S: variable('An idle render process stops after this long (s). Default 300.', decimal(0), 300),
  RENDER_TIMEOUT_MS: variable(
    'A page rendering longer than this is the error page and its process is replaced (ms). Default 15000.',
    whole(1),
    15_000,
  ),
  RENDER_NICE: variable(
    'CPU niceness of render processes, on-demand and build (0–19; 0 keeps the server priority). Default 10.',
    whole(0, 19),
    10,
  ),
  RENDER_BURST: variable("Each client address's budget of on-demand renders; past it 429 (count). Default 120.", whole(1), 120),
  RENDER_PER_MINUTE: variable('How fast that budget refills (renders per minute). Default 120.', decimal(0), 120),
  CONTENT_READS_ACTIVE: variable('Content reads of on-demand pages at once (count). Default 1 on PGlite, 4 on PostgreSQL.', whole(1)),
  CONTENT_READS_WAITING: variable(
    'Content reads queued behind those; past it pages answer 503 (count). Default 16 on PGlite, 64 on PostgreSQL.',
    whole(0),
  ),

  // What a build gives the site's pages (sites/site-api-config.ts).
  ...apiBaseVariables(),
  PUBLIC_APP_CLIENT_ID: variable(
    "The site's app client id when it talks to another deployment of the API. Default: the tenant's app code.",
    { accepts: 'teks', parse: anyText },
  ),
  PUBLIC_APP_CLIENT_SECRET: variable(
    "The site's client secret on another deployment (with PUBLIC_APP_TOKEN_KEY). Default: derived from APP_TOKEN_SECRET.",
    { accepts: 'teks', parse: anyText },
    undefined,
    { secret: true },
  ),
  PUBLIC_APP_TOKEN_KEY: variable(
    "The site's app-token cipher key on another deployment (with PUBLIC_APP_CLIENT_SECRET). Default: derived from APP_TOKEN_SECRET.",
    { accepts: 'teks', parse: anyText },
    undefined,
    { secret: true },
  ),
  PUBLIC_REST_API_KEY: variable(
    "The tenant's public key of another deployment's hosted database REST (apikey). Default: derived from APP_TOKEN_SECRET.",
    { accepts: 'teks', parse: anyText },
  ),
});

/** The public variable that points each API base of the built site elsewhere (`resolveBases` in src/lib/api/bases.ts takes what is set). */
export const API_BASE_VARIABLES = {
  main: 'PUBLIC_API_BASE',
  core: 'PUBLIC_CORE_API_BASE',
  auth: 'PUBLIC_AUTH_API_BASE',
  ai: 'PUBLIC_AI_API_BASE',
  stats: 'PUBLIC_STATS_API_BASE',
  mailer: 'PUBLIC_MAILER_API_BASE',
  upload: 'PUBLIC_UPLOAD_API_BASE',
  rest: 'PUBLIC_REST_API_BASE',
} as const satisfies Record<ApiBaseName, string>;

function apiBaseVariables() {
  const base = (service: string) =>
    variable(`Base address of the ${service} the built site calls (URL or path). Default: the embedded one under /api/.`, {
      accepts: 'URL atau path',
      parse: anyText,
    });
  return {
    PUBLIC_API_BASE: base('main services'),
    PUBLIC_CORE_API_BASE: base('core service'),
    PUBLIC_AUTH_API_BASE: base('auth service'),
    PUBLIC_AI_API_BASE: base('AI chat service'),
    PUBLIC_STATS_API_BASE: base('statistics service'),
    PUBLIC_MAILER_API_BASE: base('mailer service'),
    PUBLIC_UPLOAD_API_BASE: base('upload service'),
    PUBLIC_REST_API_BASE: base('hosted database REST'),
  } satisfies Record<(typeof API_BASE_VARIABLES)[ApiBaseName], unknown>;
}

type Vars = z.output<typeof EnvSchema>;

/** An S3-compatible bucket of the uploads or the publisher. */
export interface S3Target {
  bucket: string;
  region: string;
  prefix: string | undefined;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

function s3Target(
  vars: Vars,
  bucket: string | undefined,
  own: { region: string | undefined; prefix: string | undefined; endpoint: string | undefined },
) {
  if (!bucket) return undefined;
  const target: S3Target = {
    bucket,
    region: own.region ?? vars.AWS_REGION ?? 'us-east-1',
    prefix: own.prefix,
    endpoint: own.endpoint,
    credentials:
      vars.AWS_ACCESS_KEY_ID && vars.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: vars.AWS_ACCESS_KEY_ID, secretAccessKey: vars.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
  return target;
}

/** The variables as the slices the code takes. */
function slices(vars: Vars) {
  const production = vars.LMS_ENV === 'production';
  const dataDir = resolve(vars.DATA_DIR);
  return {
    production,
    /** TENANT: the tenant of `npm run dev` and of the build scripts' `--tenant` default. */
    tenant: vars.TENANT,
    server: {
      port: vars.PORT,
      host: vars.HOST,
      defaultTenant: vars.DEFAULT_TENANT,
      trustProxyHops: vars.TRUST_PROXY,
      tokenGeneratePerMinute: vars.TOKEN_GENERATE_PER_MINUTE,
      accessLog: vars.ACCESS_LOG,
      shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    },
    sites: {
      staticMemoryMb: vars.STATIC_MEMORY_MB,
      pageCacheMb: vars.PAGE_CACHE_MB,
      pageCacheFreshS: vars.PAGE_CACHE_FRESH_S,
      pageCacheStaleS: vars.PAGE_CACHE_STALE_S,
      renderWorkersMax: vars.RENDER_WORKERS_MAX,
      renderWorkersPerBuild: vars.RENDER_WORKERS_PER_BUILD,
      renderIdleS: vars.RENDER_IDLE_S,
      renderTimeoutMs: vars.RENDER_TIMEOUT_MS,
      renderNice: vars.RENDER_NICE,
      renderBurst: vars.RENDER_BURST,
      renderPerMinute: vars.RENDER_PER_MINUTE,
      /** Unset: the caller's default (by database kind). */
      contentReads: { active: vars.CONTENT_READS_ACTIVE, waiting: vars.CONTENT_READS_WAITING },
    },
    database: {
      url: vars.DATABASE_URL,
      pgliteDir: vars.PGLITE_DIR ?? join(dataDir, 'pglite'),
      poolSize: vars.DATABASE_POOL_SIZE,
      timeouts: {
        connectMs: vars.DB_CONNECT_TIMEOUT_MS,
        statementMs: vars.DB_STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: vars.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        idleMs: vars.DB_IDLE_TIMEOUT_MS,
      } satisfies DatabaseTimeouts,
    },
    /** What `loadKeyRing` takes: the secret, else the development key file (refused in production). */
    keys: { secret: vars.APP_TOKEN_SECRET, file: join(dataDir, 'app-token.key'), production },
    seed: { demoUsers: vars.SEED_DEMO_USERS ?? !production },
    shared: { redisUrl: vars.REDIS_URL, redisPrefix: vars.REDIS_PREFIX },
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM, catcherPort: vars.SMTP_CATCHER_PORT, pollMs: vars.MAIL_POLL_MS },
    payments: {
      gateway: vars.PAYMENT_GATEWAY ?? (production ? 'duitku' : 'simulator'),
      duitkuBaseUrl: vars.DUITKU_BASE_URL,
      callbackOrigin: vars.PAYMENT_CALLBACK_ORIGIN,
      reconcileMs: vars.PAYMENT_RECONCILE_MS,
      crashPoint: production ? undefined : vars.PAYMENT_CRASH_POINT,
      simulator: { callbackBackoffMs: vars.GATEWAY_SIM_BACKOFF_MS, pollMs: vars.GATEWAY_SIM_POLL_MS },
    },
    chat: { paceMs: vars.CHAT_STREAM_PACE_MS },
    uploads: {
      dir: join(dataDir, 'uploads'),
      s3: s3Target(vars, vars.UPLOADS_S3_BUCKET, {
        region: vars.UPLOADS_S3_REGION,
        prefix: vars.UPLOADS_S3_PREFIX,
        endpoint: vars.UPLOADS_S3_ENDPOINT,
      }),
    },
    builds: {
      /** As given (relative to the project folder unless absolute). */
      distDir: vars.DIST_DIR,
      siteCompileDir: vars.SITE_COMPILE_DIR,
      workers: vars.BUILD_WORKERS,
      keep: vars.BUILDS_KEEP,
      queue: {
        debounceMs: vars.BUILD_DEBOUNCE_MS,
        leaseMs: vars.BUILD_LEASE_MS,
        pollMs: vars.BUILD_POLL_MS,
        retryBaseMs: vars.BUILD_RETRY_BASE_MS,
      },
      s3: s3Target(vars, vars.PUBLISH_S3_BUCKET, {
        region: vars.PUBLISH_S3_REGION,
        prefix: vars.PUBLISH_S3_PREFIX,
        endpoint: vars.PUBLISH_S3_ENDPOINT,
      }),
    },
    siteApi: {
      bases: apiBases(vars),
      clientId: vars.PUBLIC_APP_CLIENT_ID,
      clientSecret: vars.PUBLIC_APP_CLIENT_SECRET,
      tokenKey: vars.PUBLIC_APP_TOKEN_KEY,
      restApiKey: vars.PUBLIC_REST_API_KEY,
    },
  };
}

/** The API bases that are set; the others stay the embedded ones (`resolveBases`). */
function apiBases(vars: Vars): Partial<Record<ApiBaseName, string>> {
  const bases: Partial<Record<ApiBaseName, string>> = {};
  for (const [name, variable] of Object.entries(API_BASE_VARIABLES) as [ApiBaseName, keyof Vars & `PUBLIC_${string}`][]) {
    const value = vars[variable];
    if (typeof value === 'string') bases[name] = value;
  }
  return bases;
}

/** Rules between variables, each issue under the variable to change. */
function crossChecks(vars: Vars, ctx: z.RefinementCtx): void {
  if (vars.PAYMENT_GATEWAY === 'simulator' && vars.LMS_ENV === 'production')
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_GATEWAY'],
      message: 'harus duitku dengan LMS_ENV=production, diterima "simulator" (pembayaran palsu di simulator akan membuka kelas)',
    });
  if (Boolean(vars.PUBLIC_APP_CLIENT_SECRET) !== Boolean(vars.PUBLIC_APP_TOKEN_KEY)) {
    const [missing, given] = vars.PUBLIC_APP_CLIENT_SECRET
      ? ['PUBLIC_APP_TOKEN_KEY', 'PUBLIC_APP_CLIENT_SECRET']
      : ['PUBLIC_APP_CLIENT_SECRET', 'PUBLIC_APP_TOKEN_KEY'];
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `harus disetel bersama ${given} (keduanya dari deployment API yang dituju)`,
    });
  }
}

const ConfigSchema = EnvSchema.superRefine(crossChecks).transform(slices);

/** The whole configuration; code takes the slice it needs (`Config['mail']`, …). */
export type Config = z.output<typeof ConfigSchema>;

/** Every variable of the schema, in schema order. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof Vars)[];

/** Each variable with its description (meaning, unit, default), for documentation and tests. */
export function describeVariables(): { name: string; description: string }[] {
  return CONFIG_VARIABLES.map((name) => ({ name, description: EnvSchema.shape[name].description ?? '' }));
}

/** A configuration that does not parse: one line per variable, `NAME: harus …, diterima "…"`. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      problems.length === 1
        ? `Konfigurasi tidak valid: ${lineOf(problems[0])}`
        : `Konfigurasi tidak valid:\n${problems.map((problem) => `  ${lineOf(problem)}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}
const lineOf = (problem: { variable: string; message: string } | undefined) => `${problem?.variable}: ${problem?.message}`;

/**
 * Parses the configuration from an environment (`process.env` in the entry points; tests and
 * scripts pass their own). Variables outside the schema are ignored. Throws a ConfigError naming
 * every variable whose value is not accepted.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const wanted = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, env[name]]));
  const parsed = ConfigSchema.safeParse(wanted);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })));
}

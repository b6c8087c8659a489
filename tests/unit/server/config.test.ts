import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_BASES } from '~/contract/constants';
import { API_BASE_VARIABLES, CONFIG_VARIABLES, ConfigError, describeVariables, loadConfig } from '~/server/config';

const root = process.cwd();

/** Every backticked NAME in a row of a Markdown table of `markdown` (header, separator and body rows alike). */
function tableNames(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (!line.trimStart().startsWith('|')) continue;
    for (const [, name] of line.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (name) names.add(name);
  }
  return names;
}

describe('the configuration schema (src/server/config.ts)', () => {
  it('has every variable in a table of README.md', () => {
    const documented = tableNames(readFileSync(join(root, 'README.md'), 'utf8'));
    const missing = CONFIG_VARIABLES.filter((name) => !documented.has(name));
    expect(missing, `variabel tanpa baris di tabel README.md: ${missing.join(', ')}`).toEqual([]);
  });

  it('finds names only in table rows, so the README check cannot pass on prose', () => {
    const names = tableNames('`PORT` in prose\n| `HOST` | x |\n  | `DATA_DIR`, `PGLITE_DIR` | y |\n');
    expect([...names]).toEqual(['HOST', 'DATA_DIR', 'PGLITE_DIR']);
  });

  it('describes each variable: meaning, unit where it has one, and its default', () => {
    for (const { name, description } of describeVariables()) {
      expect(description, name).toMatch(/Default/);
      if (/_MS$/.test(name)) expect(description, name).toMatch(/\(ms|ms\)|ms,/);
      if (/_S$/.test(name)) expect(description, name).toMatch(/\(s\)/);
      if (/_MB$/.test(name)) expect(description, name).toMatch(/\(MB\)/);
    }
  });

  it('gives the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.server).toEqual({
      port: 4321,
      host: '0.0.0.0',
      defaultTenant: 'demo',
      trustProxyHops: 0,
      tokenGeneratePerMinute: 60,
      accessLog: false,
      shutdownTimeoutMs: 10_000,
    });
    expect(config.sites).toEqual({
      staticMemoryMb: 512,
      pageCacheMb: 64,
      pageCacheFreshS: 60,
      pageCacheStaleS: 3600,
      renderWorkersMax: 4,
      renderWorkersPerBuild: 2,
      renderIdleS: 300,
      renderTimeoutMs: 15_000,
      renderNice: 10,
      renderBurst: 120,
      renderPerMinute: 120,
      contentReads: { active: undefined, waiting: undefined },
    });
    expect(config.database).toEqual({
      url: undefined,
      pgliteDir: resolve('.data/pglite'),
      poolSize: 10,
      timeouts: { connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 30_000, idleMs: 30_000 },
    });
    expect(config.keys).toEqual({ secret: undefined, file: resolve('.data/app-token.key'), production: false });
    expect(config.seed).toEqual({ demoUsers: true });
    expect(config.shared).toEqual({ redisUrl: undefined, redisPrefix: 'lms:' });
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'no-reply@localhost', catcherPort: 0, pollMs: 5000 });
    expect(config.payments).toMatchObject({ gateway: 'simulator', reconcileMs: 300_000, crashPoint: undefined });
    expect(config.chat).toEqual({ paceMs: 0 });
    expect(config.uploads).toEqual({ dir: resolve('.data/uploads'), s3: undefined });
    expect(config.builds).toEqual({
      distDir: 'dist',
      siteCompileDir: undefined,
      workers: undefined,
      keep: 3,
      queue: { debounceMs: 750, leaseMs: 15_000, pollMs: 1000, retryBaseMs: 1000 },
      s3: undefined,
    });
    expect(config.siteApi.bases).toEqual({});
  });

  it('reads what is set, empty counting as unset (an empty REDIS_PREFIX is no prefix)', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      HOST: '',
      DATA_DIR: '/srv/lms',
      PGLITE_DIR: '',
      TRUST_PROXY: 'true',
      STATIC_MEMORY_MB: '0.5',
      REDIS_PREFIX: '',
      LMS_ENV: 'production',
      PAYMENT_CRASH_POINT: 'settle',
      DUITKU_BASE_URL: 'https://api-sandbox.duitku.com/',
      GATEWAY_SIM_BACKOFF_MS: '50, 100',
      UPLOADS_S3_BUCKET: 'unggahan',
      AWS_REGION: 'ap-southeast-3',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'rahasia',
      PUBLISH_S3_BUCKET: 'situs',
      PUBLISH_S3_REGION: 'eu-west-1',
      APP_TOKEN_SECRET: 'ab'.repeat(32),
    });
    expect(config.server).toMatchObject({ port: 8080, host: '0.0.0.0', trustProxyHops: 1 });
    expect(config.sites.staticMemoryMb).toBe(0.5);
    expect(config.database.pgliteDir).toBe('/srv/lms/pglite');
    expect(config.keys).toEqual({ secret: 'ab'.repeat(32), file: '/srv/lms/app-token.key', production: true });
    expect(config.shared.redisPrefix).toBe('');
    expect(config.seed.demoUsers).toBe(false);
    expect(config.payments).toMatchObject({
      gateway: 'duitku',
      duitkuBaseUrl: 'https://api-sandbox.duitku.com',
      crashPoint: undefined,
      simulator: { callbackBackoffMs: [50, 100], pollMs: undefined },
    });
    expect(config.uploads.s3).toEqual({
      bucket: 'unggahan',
      region: 'ap-southeast-3',
      prefix: undefined,
      endpoint: undefined,
      credentials: { accessKeyId: 'id', secretAccessKey: 'rahasia' },
    });
    expect(config.builds.s3).toMatchObject({ bucket: 'situs', region: 'eu-west-1' });
  });

  it('takes the API bases of the built site from PUBLIC_*_API_BASE, one variable per base', () => {
    expect(Object.keys(API_BASE_VARIABLES).sort()).toEqual(Object.keys(API_BASES).sort());
    for (const variable of Object.values(API_BASE_VARIABLES)) expect(CONFIG_VARIABLES).toContain(variable);
    const config = loadConfig({
      PUBLIC_API_BASE: ' https://api.example/ ',
      PUBLIC_AUTH_API_BASE: 'https://auth.example/',
      PUBLIC_STATS_API_BASE: '',
    });
    expect(config.siteApi.bases).toEqual({ main: 'https://api.example/', auth: 'https://auth.example/' });
  });

  it('ignores variables outside the schema', () => {
    expect(loadConfig({ NODE_ENV: 'test', PATH: '/bin', HOME: '/root' })).toEqual(loadConfig({}));
  });
});

describe('a value a variable does not accept', () => {
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return error as ConfigError;
    }
    throw new Error('loadConfig accepted it');
  };

  it('stops the start naming the variable, what it accepts and what it got', () => {
    const error = problem({ PORT: 'abc' });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe('Konfigurasi tidak valid: PORT: harus bilangan bulat 0–65535, diterima "abc"');
    expect(error.problems).toEqual([{ variable: 'PORT', message: 'harus bilangan bulat 0–65535, diterima "abc"' }]);
  });

  it.each([
    ['PORT', '70000', 'harus bilangan bulat 0–65535'],
    ['DATABASE_POOL_SIZE', '0', 'harus bilangan bulat ≥ 1'],
    ['SHUTDOWN_TIMEOUT_MS', '10s', 'harus bilangan bulat ≥ 1'],
    ['PAGE_CACHE_FRESH_S', '-1', 'harus angka ≥ 0'],
    ['RENDER_NICE', '25', 'harus bilangan bulat 0–19'],
    ['BUILD_LEASE_MS', '100', 'harus bilangan bulat ≥ 300'],
    ['ACCESS_LOG', 'ya', 'harus 1, true, 0 atau false'],
    ['SEED_DEMO_USERS', 'yes', 'harus true atau false'],
    ['TRUST_PROXY', 'ya', 'harus true, false atau jumlah proxy'],
    ['CHAT_STREAM_PACE_MS', '2001', 'harus 0–2000 (ms)'],
    ['MAIL_FROM', 'bukan alamat', 'harus alamat email'],
    ['PAYMENT_GATEWAY', 'midtrans', 'harus duitku atau simulator'],
    ['PAYMENT_GATEWAY', '', 'harus duitku atau simulator'],
    ['DUITKU_BASE_URL', 'api.duitku.com', 'harus URL http(s)'],
    ['GATEWAY_SIM_BACKOFF_MS', '50,x', 'harus daftar milidetik'],
    ['PUBLISH_S3_ENDPOINT', 'bukan url', 'harus URL'],
  ])('%s=%j', (variable, value, accepts) => {
    const error = problem({ [variable]: value });
    expect(error.problems).toEqual([{ variable, message: expect.stringContaining(accepts) }]);
    expect(error.message).toContain(`${variable}: ${accepts}`);
    expect(error.message).toContain(`diterima "${value}"`);
  });

  it('never repeats a secret it refuses', () => {
    for (const [variable, value] of [
      ['SMTP_URL', 'http://pengguna:Sandi-42@smtp.contoh.id'],
      ['REDIS_URL', 'http://:Sandi-42@127.0.0.1:6379'],
      ['APP_TOKEN_SECRET', 'Sandi-42'],
    ] as const) {
      const error = problem({ [variable]: value });
      expect(error.message).toContain(`${variable}: harus`);
      expect(error.message).not.toContain('Sandi-42');
    }
  });

  it('lists every bad variable at once, one line each', () => {
    const error = problem({ PORT: 'abc', MAIL_POLL_MS: '5', BUILDS_KEEP: 'lima' });
    expect(error.message.split('\n')).toEqual([
      'Konfigurasi tidak valid:',
      '  PORT: harus bilangan bulat 0–65535, diterima "abc"',
      '  MAIL_POLL_MS: harus bilangan bulat 100–3600000, diterima "5"',
      '  BUILDS_KEEP: harus bilangan bulat ≥ 0, diterima "lima"',
    ]);
  });

  it('includes the rules between variables', () => {
    expect(problem({ LMS_ENV: 'production', PAYMENT_GATEWAY: 'simulator' }).problems).toEqual([
      { variable: 'PAYMENT_GATEWAY', message: expect.stringContaining('harus duitku dengan LMS_ENV=production') },
    ]);
    expect(problem({ PUBLIC_APP_CLIENT_SECRET: 'x' }).problems).toEqual([
      { variable: 'PUBLIC_APP_TOKEN_KEY', message: expect.stringContaining('harus disetel bersama PUBLIC_APP_CLIENT_SECRET') },
    ]);
  });
});

describe('the one reader of the environment', () => {
  /** Lines of code (not comments) that name process.env. */
  const readers = (dir: string): string[] =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        readFileSync(join(root, dir, file), 'utf8')
          .split('\n')
          .filter((line) => /process\.env/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
          .map((line) => `${join(dir, file)}: ${line.trim()}`),
      );

  it('is config.ts: src/server reads process.env only to hand it to loadConfig in main.ts', () => {
    expect(readers('src/server')).toEqual(['src/server/main.ts: return loadConfig(process.env);']);
  });

  it('is not needed on the client: src/lib, src/pages and src/components read no process.env', () => {
    expect([...readers('src/lib'), ...readers('src/pages'), ...readers('src/components')]).toEqual([]);
  });
});

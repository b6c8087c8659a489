import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publisherFor } from '~/server/builds/publisher';
import { type Manifest, s3Publisher } from '~/server/builds/s3-publisher';
import { loadConfig } from '~/server/config';
import { s3Client } from '~/server/platform/s3';
import { buildDir, livePointer } from '~/server/sites/build-layout';

/**
 * Builds go to an S3 server running in this process (s3rver, on a free port, its files in a temp
 * folder), as a CDN in front of a bucket would see them: content-addressed blobs uploaded once,
 * a manifest per build, and one pointer that switches between whole builds.
 */
const bucket = 'sites';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let temp: string;
let server: S3rver;
let endpoint: string;
let client: S3Client;
/** Keys of every PutObject the client sent, in order. */
let puts: string[] = [];

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 's3-publisher-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: join(temp, 's3'),
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = s3Client({ endpoint, credentials, forcePathStyle: true });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'PutObjectCommand') puts.push((args.input as { Key: string }).Key);
      return next(args);
    },
    { step: 'initialize' },
  );
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});
beforeEach(() => {
  puts = [];
});

const dist = () => join(temp, 'dist');

/** A finished build folder as the builder leaves it: `client/` files, then build.json. */
function writeBuild(tenant: string, id: string, files: Record<string, string | Buffer>): string {
  const dir = buildDir(dist(), tenant, id);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'client', name)), { recursive: true });
    writeFileSync(join(dir, 'client', name), body);
  }
  const info = { tenant, id, version: '1.0.0', maintenance: false, builtAt: new Date().toISOString() };
  writeFileSync(join(dir, 'build.json'), JSON.stringify(info));
  return dir;
}

/** A small site: home and two nested pages, a hashed stylesheet, an icon; compressible files with their `.br` twin. */
function site(newsX: string): Record<string, string | Buffer> {
  const texts: Record<string, string> = {
    'index.html': '<!doctype html><title>Beranda</title><link rel="stylesheet" href="/_astro/app.3f9a.css"><h1>Beranda</h1>',
    'News/x/index.html': `<!doctype html><title>Berita X</title><p>${newsX}</p>`,
    'News/y/index.html': '<!doctype html><title>Berita Y</title><p>tetap</p>',
    '_astro/app.3f9a.css': `body{margin:0}${'h1{color:teal}'.repeat(50)}`,
  };
  const files: Record<string, string | Buffer> = { ...texts, 'favicon.ico': Buffer.from([0, 0, 1, 0, 1, 0]) };
  for (const [name, text] of Object.entries(texts)) files[`${name}.br`] = brotliCompressSync(text);
  files['index.html.gz'] = gzipSync(texts['index.html'] as string);
  return files;
}

async function getObject(Key: string) {
  const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
  return {
    bytes: Buffer.from((await out.Body?.transformToByteArray()) ?? []),
    type: out.ContentType,
    encoding: out.ContentEncoding,
    cacheControl: out.CacheControl,
  };
}
const getJson = async (Key: string) => JSON.parse((await getObject(Key)).bytes.toString('utf8'));
async function listKeys(Prefix: string): Promise<string[]> {
  const { Contents } = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix }));
  return (Contents ?? []).map((item) => item.Key ?? '').sort();
}

describe('s3Publisher', () => {
  const tenant = 'demo';
  const publisher = () => s3Publisher({ client, bucket, prefix: 'cdn', keep: 3 });
  const A = site('versi pertama');
  const B = site('versi kedua');
  let manifestA: Manifest;

  it('uploads every file of a first build once, then its manifest, then the pointer', async () => {
    await publisher().publish(tenant, 'b-a', writeBuild(tenant, 'b-a', A));
    const blobs = await listKeys('cdn/demo/files/');
    // 5 files + 4 `.br` twins + 1 `.gz` twin, all distinct bytes.
    expect(blobs).toHaveLength(10);
    expect(puts).toEqual([
      ...blobs.map(() => expect.stringMatching(/^cdn\/demo\/files\//)),
      'cdn/demo/builds/b-a.json',
      'cdn/demo/live.json',
    ]);
    expect(await getJson('cdn/demo/live.json')).toEqual({ build: 'b-a', since: expect.any(String) });
    expect(await publisher().live(tenant)).toBe('b-a');

    manifestA = await getJson('cdn/demo/builds/b-a.json');
    expect(manifestA.build).toMatchObject({ tenant, id: 'b-a' });
    expect(Object.keys(manifestA.files).sort()).toEqual([
      '/',
      '/News/x',
      '/News/x/index.html',
      '/News/y',
      '/News/y/index.html',
      '/_astro/app.3f9a.css',
      '/favicon.ico',
      '/index.html',
    ]);
    const home = manifestA.files['/'];
    expect(home).toEqual(manifestA.files['/index.html']);
    expect(home).toMatchObject({
      type: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=0, must-revalidate',
      size: (A['index.html'] as string).length,
    });
    expect(Object.keys(home?.encodings ?? {}).sort()).toEqual(['br', 'gzip']);
    expect(manifestA.files['/_astro/app.3f9a.css']?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(manifestA.files['/favicon.ico']).toMatchObject({ type: 'image/x-icon', encodings: {} });
  });

  it('stores blobs under their hash, immutable, with the type and encoding an edge serves', async () => {
    const page = manifestA.files['/News/x'];
    const plain = await getObject(`cdn/demo/files/${page?.blob}`);
    expect(page?.blob).toMatch(/^[0-9a-f]{64}\.html$/);
    expect(plain).toMatchObject({ type: 'text/html; charset=utf-8', cacheControl: 'public, max-age=31536000, immutable' });
    expect(plain.encoding).toBeUndefined();
    const br = await getObject(`cdn/demo/files/${page?.encodings.br?.blob}`);
    expect(page?.encodings.br?.blob).toMatch(/^[0-9a-f]{64}\.html\.br$/);
    expect(br).toMatchObject({ type: 'text/html; charset=utf-8', encoding: 'br' });
    expect(br.bytes.equals(A['News/x/index.html.br'] as Buffer)).toBe(true);
  });

  it('uploads only the changed page’s blobs for the next build, and its pointer names that build', async () => {
    const before = await listKeys('cdn/demo/files/');
    await publisher().publish(tenant, 'b-b', writeBuild(tenant, 'b-b', B));
    const after = await listKeys('cdn/demo/files/');
    const added = after.filter((key) => !before.includes(key));
    // News/x/index.html and its `.br` twin changed; nothing else went up again.
    expect(added).toHaveLength(2);
    expect(puts).toEqual([
      ...added.map(() => expect.stringMatching(/^cdn\/demo\/files\//)),
      'cdn/demo/builds/b-b.json',
      'cdn/demo/live.json',
    ]);
    expect(puts.slice(0, 2).sort()).toEqual(added);
    expect(await getJson('cdn/demo/live.json')).toMatchObject({ build: 'b-b' });
    expect(await publisher().live(tenant)).toBe('b-b');
    // Every object A's manifest names is still there, for a rollback and for pages loaded before the switch.
    for (const entry of Object.values(manifestA.files)) {
      for (const blob of [entry.blob, entry.encodings.br?.blob, entry.encodings.gzip?.blob].filter(Boolean)) {
        expect(after).toContain(`cdn/demo/files/${blob}`);
      }
    }
  });

  it('lists the kept builds newest first with the live one marked', async () => {
    expect(await publisher().list(tenant)).toEqual([
      { id: 'b-b', live: true, builtAt: expect.any(String) },
      { id: 'b-a', live: false, builtAt: expect.any(String) },
    ]);
  });

  it('rolls back by rewriting the pointer; A’s manifest then serves A’s bytes for every path', async () => {
    await publisher().rollback(tenant, 'b-a');
    expect(puts).toEqual(['cdn/demo/live.json']);
    const pointer = await getJson('cdn/demo/live.json');
    expect(pointer.build).toBe('b-a');
    const manifest: Manifest = await getJson(`cdn/demo/builds/${pointer.build}.json`);
    const source = (path: string) => (path === '/' ? 'index.html' : path.includes('.') ? path.slice(1) : `${path.slice(1)}/index.html`);
    for (const [path, entry] of Object.entries(manifest.files)) {
      const file = readFileSync(join(buildDir(dist(), tenant, 'b-a'), 'client', source(path)));
      expect((await getObject(`cdn/demo/files/${entry.blob}`)).bytes.equals(file), path).toBe(true);
      if (entry.encodings.br) {
        const twin = readFileSync(join(buildDir(dist(), tenant, 'b-a'), 'client', `${source(path)}.br`));
        expect((await getObject(`cdn/demo/files/${entry.encodings.br.blob}`)).bytes.equals(twin), `${path} br`).toBe(true);
      }
    }
    expect((await publisher().list(tenant)).map(({ id, live }) => [id, live])).toEqual([
      ['b-b', false],
      ['b-a', true],
    ]);
  });

  it('refuses a rollback to a build it has no manifest for, and leaves the pointer alone', async () => {
    await expect(publisher().rollback(tenant, 'b-zzz')).rejects.toThrow(/Build "b-zzz" tenant "demo" tidak ada di penyimpanan S3/);
    await expect(publisher().rollback(tenant, '../other')).rejects.toThrow(/tidak ada/);
    expect(puts).toEqual([]);
    expect(await publisher().live(tenant)).toBe('b-a');
  });

  it('refuses an unfinished build folder and uploads nothing', async () => {
    const dir = buildDir(dist(), tenant, 'b-c');
    mkdirSync(join(dir, 'client'), { recursive: true });
    writeFileSync(join(dir, 'client', 'index.html'), 'setengah');
    await expect(publisher().publish(tenant, 'b-c', dir)).rejects.toThrow(/belum selesai/);
    expect(puts).toEqual([]);
  });

  it('prunes manifests past the kept ones and the blobs only they named, never the live build’s', async () => {
    const small = s3Publisher({ client, bucket, keep: 1 });
    const page = (text: string) => ({ 'index.html': `<h1>${text}</h1>`, 'about.txt': 'sama' });
    for (const id of ['p1', 'p2', 'p3']) await small.publish('prune', id, writeBuild('prune', id, page(id)));
    // keep 1: the live p3 and one other; their pages and the one about.txt they share are all that is left.
    expect((await small.list('prune')).map(({ id, live }) => [id, live])).toEqual([
      ['p3', true],
      ['p2', false],
    ]);
    expect(await listKeys('prune/builds/')).toEqual(['prune/builds/p2.json', 'prune/builds/p3.json']);
    expect(await listKeys('prune/files/')).toHaveLength(3);
    // A build whose id sorts oldest goes live: it stays, with the newest other.
    await small.publish('prune', 'p0', writeBuild('prune', 'p0', page('p0')));
    expect((await small.list('prune')).map(({ id, live }) => [id, live])).toEqual([
      ['p3', false],
      ['p0', true],
    ]);
    expect(await listKeys('prune/files/')).toHaveLength(3);
  });
});

describe('publisherFor (the configuration of BUILDS_KEEP and PUBLISH_S3_*)', () => {
  const publisherFromEnv = (env: Record<string, string>, distRoot: string) => publisherFor(loadConfig(env).builds, distRoot);

  it('publishes locally and to S3; a rollback follows the local builds and rewrites the S3 pointer', async () => {
    const env = {
      PUBLISH_S3_BUCKET: bucket,
      PUBLISH_S3_ENDPOINT: endpoint,
      PUBLISH_S3_PREFIX: 'env/',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      BUILDS_KEEP: '2',
    };
    const publisher = publisherFromEnv(env, dist());
    expect(publisher.name).toBe('local+s3');
    await publisher.publish('duo', 'd1', writeBuild('duo', 'd1', site('satu')));
    await publisher.publish('duo', 'd2', writeBuild('duo', 'd2', site('dua')));
    expect(livePointer(dist(), 'duo')).toBe('d2');
    expect(await getJson('env/duo/live.json')).toMatchObject({ build: 'd2' });

    await publisher.rollback('duo', 'd1');
    expect(await publisher.live('duo')).toBe('d1');
    expect(livePointer(dist(), 'duo')).toBe('d1');
    expect(await getJson('env/duo/live.json')).toMatchObject({ build: 'd1' });
    await expect(publisher.rollback('duo', 'd9')).rejects.toThrow(/tidak ada di antara build/);
    expect(await getJson('env/duo/live.json')).toMatchObject({ build: 'd1' });
  });

  it('is local only without a bucket, and names a malformed variable', () => {
    expect(publisherFromEnv({ PUBLISH_S3_BUCKET: '' }, dist()).name).toBe('local');
    expect(() => publisherFromEnv({ PUBLISH_S3_BUCKET: bucket, PUBLISH_S3_ENDPOINT: 'bukan url' }, dist())).toThrow(/PUBLISH_S3_ENDPOINT/);
    expect(() => publisherFromEnv({ BUILDS_KEEP: '-1' }, dist())).toThrow(/BUILDS_KEEP/);
  });
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { checkedKey } from '~/server/uploads/blob-store';
import { localStore } from '~/server/uploads/local-store';
import { uploadStore } from '~/server/uploads/store-from-env';

const root = mkdtempSync(join(tmpdir(), 'upload-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const text = async (stream: ReadableStream<Uint8Array>) => await new Response(stream).text();

describe('the local upload store', () => {
  it('writes whole files, reads them back with the type of their extension, and deletes them', async () => {
    const store = localStore(join(root, 'uploads'));
    await store.put('tenant-1/berkas.pdf', new TextEncoder().encode('%PDF-1.7 lama'), 'application/pdf');
    await store.put('tenant-1/berkas.pdf', new TextEncoder().encode('%PDF-1.7 baru'), 'application/pdf');
    const blob = await store.get('tenant-1/berkas.pdf');
    expect(blob?.contentType).toBe('application/pdf');
    expect(await text(blob?.bytes as ReadableStream<Uint8Array>)).toBe('%PDF-1.7 baru');
    // No temporary file is left beside it.
    expect(readdirSync(join(root, 'uploads', 'tenant-1'))).toEqual(['berkas.pdf']);
    await store.delete('tenant-1/berkas.pdf');
    await store.delete('tenant-1/berkas.pdf');
    expect(await store.get('tenant-1/berkas.pdf')).toBeUndefined();
  });

  it('refuses any key that could leave its folder', async () => {
    const store = localStore(join(root, 'uploads'));
    for (const key of ['../luar.pdf', 'a/../../b.pdf', '/etc/passwd', 'a//b.pdf', '', 'a/.tmp', 'a\\b.pdf', 'nama berkas.pdf']) {
      expect(() => checkedKey(key)).toThrow(/Kunci berkas unggahan tidak valid/);
      await expect(store.put(key, new Uint8Array([1]), 'image/png')).rejects.toThrow();
    }
    expect(checkedKey('5c0d4e8b-1a72/3f0c6a52-8d1e.webp')).toBe('5c0d4e8b-1a72/3f0c6a52-8d1e.webp');
  });
});

describe('uploadStore (the configuration of UPLOADS_S3_*)', () => {
  const storeFromEnv = (env: Record<string, string>) => uploadStore(loadConfig({ DATA_DIR: root, ...env }).uploads);

  it('keeps files under the data folder by default and in a bucket with UPLOADS_S3_BUCKET', () => {
    expect(storeFromEnv({ UPLOADS_S3_BUCKET: ' ' }).name).toBe('local');
    expect(loadConfig({ DATA_DIR: root }).uploads.dir).toBe(join(root, 'uploads'));
    const s3 = storeFromEnv({ UPLOADS_S3_BUCKET: 'unggahan', UPLOADS_S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(s3.name).toBe('s3');
    s3.close?.();
  });

  it('names a malformed variable', () => {
    expect(() => storeFromEnv({ UPLOADS_S3_BUCKET: 'unggahan', UPLOADS_S3_ENDPOINT: 'bukan url' })).toThrow(
      /UPLOADS_S3_ENDPOINT: harus URL/,
    );
  });
});

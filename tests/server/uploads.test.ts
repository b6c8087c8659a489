import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TOKEN_HEADER } from '~/contract/uploads';
import { type ApiClient, ApiRequestError, callUrl, uploadFile } from '~/lib/api';
import { uploads } from '~/server/db/schema';
import { s3Client } from '~/server/platform/s3';
import { uploadUsableBy } from '~/server/uploads/records';
import { appClientOf, clientOf, inProcessFetch } from './support/api-client';
import { signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { expectApiError, fromAddress, generateAppToken, type IssuedAppToken, OTHER_APP_CODE, signInDemo } from './support/tokens';

/**
 * The file upload service as a registration form uses it: a file goes in with the site's app
 * token, comes back re-encoded or checked, and is read back only by whoever holds its token or
 * administers the tenant. On both databases, and with both stores: the local folder and an S3
 * bucket (s3rver in this process).
 */

const bucket = 'uploads';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let temp: string;
let s3: S3rver;
let endpoint: string;
let bucketClient: S3Client;

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'uploads-test-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: join(temp, 's3'),
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucketClient = s3Client({ endpoint, credentials, forcePathStyle: true });
});
afterAll(async () => {
  bucketClient?.destroy();
  await s3?.close();
  rmSync(temp, { recursive: true, force: true });
});

/* Fixtures, made here rather than committed. */

/** A phone photo: landscape pixels stored sideways (EXIF orientation 6), with GPS and camera tags. */
const phonePhoto = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'KameraRahasia', Copyright: 'Pemilik Asli' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 0/1' },
    })
    .toBuffer();
const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A decompression bomb: a PNG of a few hundred bytes whose header claims 20000 × 20000 pixels (400 megapixels). */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF with a correct cross-reference table, from object bodies (object 1 is the catalog). */
function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const length = () => parts.reduce((sum, part) => sum + part.length, 0);
  const offsets = objects.map((body, index) => {
    const at = length();
    parts.push(
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n'),
    );
    return at;
  });
  const xref = length();
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
const PAGE = [
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  stream('', Buffer.from('BT /F1 24 Tf 72 760 Td (Surat Rekomendasi Kepala Sekolah) Tj ET')),
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];
const letterPdf = () => pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGE]);
/** The same letter running a script when opened: plainly, with the name escaped, or packed in a compressed object stream. */
const scriptedPdfs = () => [
  pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>', ...PAGE, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>']),
  pdfOf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>', ...PAGE, '<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>']),
  pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>',
    ...PAGE,
    stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(Buffer.from('7 0 << /S /Launch /F (cmd.exe) >>'))),
  ]),
];

interface StoreCase {
  name: 'local' | 's3';
  env: (kind: string) => NodeJS.ProcessEnv;
}
const STORES: StoreCase[] = [
  { name: 'local', env: () => ({}) },
  {
    name: 's3',
    env: (kind) => ({
      UPLOADS_S3_BUCKET: bucket,
      UPLOADS_S3_ENDPOINT: endpoint,
      UPLOADS_S3_PREFIX: `${kind}/`,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    }),
  },
];

interface Answer<T = unknown> {
  statusCode: number;
  message: string;
  data: T;
}
interface Uploaded {
  id: string;
  token: string;
  mimeType: string;
  bytes: number;
  name: string;
}

describe.each(await dbKinds())('the upload service on %s', (kind) => {
  describe.each(STORES)('with the $name store', (store) => {
    const platform = platformFor(kind, () => store.env(kind));
    let app: IssuedAppToken;
    let site: ApiClient;

    beforeAll(async () => {
      app = await generateAppToken(platform);
      site = await appClientOf(platform);
    }, 60_000);

    const formOf = (bytes: Buffer | string, name: string, purpose: string | null = 'image') => {
      const form = new FormData();
      if (purpose !== null) form.append('purpose', purpose);
      form.append('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
      return form;
    };
    const post = (body: FormData | string, headers: Record<string, string> = { AppToken: app.wire }, env = fromAddress()) =>
      platform.api.request('/upload/', { method: 'POST', headers, body }, env);
    const upload = async (bytes: Buffer | string, name: string, purpose = 'image', headers?: Record<string, string>) => {
      const res = await post(formOf(bytes, name, purpose), headers);
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as Answer<Uploaded>).data;
    };
    const read = (id: string, headers: Record<string, string> = {}, query = '') =>
      platform.api.request(`/upload/${id}${query}`, { headers }, fromAddress());
    const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
    const rowOf = async (id: string) => (await platform.deps.db.select().from(uploads).where(eq(uploads.id, id)))[0];

    it(`keeps files in the ${store.name} store`, async () => {
      expect(platform.deps.uploads.name).toBe(store.name);
      const sent = await upload(await png(), 'foto.png');
      const row = await rowOf(sent.id);
      expect(row?.storageKey).toBe(`${app.tenant.lmsId}/${sent.id}.png`);
      if (store.name === 's3') {
        const listed = await bucketClient.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${kind}/` }));
        expect(listed.Contents?.map((object) => object.Key)).toContain(`${kind}/${row?.storageKey}`);
      }
    });

    it('re-encodes a phone photo through the site client: upright, without EXIF or GPS, served inline to the token holder', async () => {
      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif?.includes(Buffer.from('KameraRahasia'))).toBe(true);
      const sent = await uploadFile(site, new Blob([photo]), 'image', 'IMG_2026 pantai.jpg');
      expect(sent).toMatchObject({ mimeType: 'image/jpeg', name: 'IMG_2026 pantai.jpg' });
      expect(sent.token).toMatch(/^[\w-]{43}$/);

      const res = await read(sent.id, { [UPLOAD_TOKEN_HEADER]: sent.token });
      expect(res.status).toBe(200);
      expect(Object.fromEntries(res.headers)).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="IMG_2026 pantai\.jpg"/);
      const served = await bytesOf(res);
      expect(served.length).toBe(sent.bytes);
      const meta = await sharp(served).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.includes(Buffer.from('KameraRahasia'))).toBe(false);
      expect(served.includes(Buffer.from('Pemilik Asli'))).toBe(false);
      // The uploader's own page can show it by address alone (an <img> sends no headers).
      const address = new URL(callUrl(site.bases.upload, sent.id, { token: sent.token }));
      expect(address.pathname).toBe(`/api/upload/${sent.id}`);
      expect((await inProcessFetch(platform)(address.href)).status).toBe(200);
    });

    it('shrinks a large image to 2000 px on its long side and keeps a PNG with transparency as PNG', async () => {
      const sent = await upload(await png(3000, 1200), 'spanduk.png');
      const meta = await sharp(await bytesOf(await read(sent.id, {}, `?token=${sent.token}`))).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 2000, height: 800, hasAlpha: true });
    });

    it('goes by the bytes: a PNG named .pdf is a PNG, HTML or SVG named .jpg is refused with 415', async () => {
      const letter = await upload(await png(), 'surat.pdf', 'letter');
      expect(letter.mimeType).toBe('image/png');
      expect((await read(letter.id, { [UPLOAD_TOKEN_HEADER]: letter.token })).headers.get('Content-Disposition')).toMatch(
        /^inline; filename="surat\.png"/,
      );
      const pretenders = [
        '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ];
      for (const bytes of pretenders) {
        const body = await expectApiError(await post(formOf(bytes, 'foto.jpg', 'image')), 415);
        expect(body.fields).toEqual([{ field: 'file', message: expect.stringMatching(/jenis berkas tidak didukung.*JPEG, PNG, WebP/) }]);
      }
      // A PDF is a letter, never an image.
      await expectApiError(await post(formOf(letterPdf(), 'foto.jpg', 'image')), 415);
      // A polyglot (a JPEG with a page appended) keeps only its pixels.
      const polyglot = Buffer.concat([await phonePhoto(), Buffer.from('<html><script>alert(1)</script></html>')]);
      const kept = await upload(polyglot, 'foto.jpg');
      expect((await bytesOf(await read(kept.id, { [UPLOAD_TOKEN_HEADER]: kept.token }))).includes(Buffer.from('<script>'))).toBe(false);
    });

    it('accepts a real PDF letter and serves it as an attachment with a safe name', async () => {
      const pdf = letterPdf();
      const sent = await upload(pdf, '../Surat "Rekomendasi"\u202Egpj.exe\u202C résumé.pdf', 'letter');
      expect(sent).toMatchObject({ mimeType: 'application/pdf', bytes: pdf.length, name: 'Surat "Rekomendasi"gpj.exe résumé.pdf' });
      const res = await read(sent.id, { [UPLOAD_TOKEN_HEADER]: sent.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(res.headers.get('Content-Disposition')).toBe(
        `attachment; filename="Surat _Rekomendasi_gpj.exe resume.pdf"; filename*=UTF-8''${encodeURIComponent('Surat "Rekomendasi"gpj.exe résumé.pdf')}`,
      );
      expect((await bytesOf(res)).equals(pdf)).toBe(true);
    });

    it('refuses PDFs that run scripts or launch programs, and broken ones', async () => {
      for (const pdf of scriptedPdfs()) {
        const body = await expectApiError(await post(formOf(pdf, 'surat.pdf', 'letter')), 415);
        expect(body.fields).toEqual([{ field: 'file', message: 'PDF berisi skrip, tindakan otomatis, atau lampiran' }]);
      }
      const truncated = letterPdf().subarray(0, -20);
      expect((await expectApiError(await post(formOf(truncated, 'surat.pdf', 'letter')), 400)).fields?.[0]?.field).toBe('file');
    });

    it('answers 413 past 5 MB, by the body limit or by the file check, and for a decompression bomb', { timeout: 30_000 }, async () => {
      const huge = Buffer.alloc(6 * 1024 * 1024, 1);
      const body = await expectApiError(await post(formOf(huge, 'besar.jpg')), 413);
      expect(body.message).toMatch(/maksimal 5 MB/);
      const justOver = Buffer.concat([await phonePhoto(), Buffer.alloc(5 * 1024 * 1024)]);
      expect((await expectApiError(await post(formOf(justOver, 'besar.jpg')), 413)).fields?.[0]?.field).toBe('file');
      expect((await expectApiError(await post(formOf(pngBomb(), 'bom.png')), 413)).message).toMatch(/megapiksel/);
      // Every other call keeps the API's 64 KB limit.
      const big = JSON.stringify({
        from: '',
        to: `https://x.example/${'a'.repeat(100_000)}`,
        type: 'external',
        timestamp: new Date().toISOString(),
      });
      const logged = await platform.api.request(
        '/v1/logger/log/click',
        { method: 'POST', headers: { AppToken: app.wire, 'Content-Type': 'application/json' }, body: big },
        fromAddress(),
      );
      await expectApiError(logged, 413);
    });

    it('answers 400 naming the field for a form without a file or purpose, and 401 without an app token', async () => {
      const form = new FormData();
      form.append('purpose', 'image');
      expect((await expectApiError(await post(form), 400)).fields).toEqual([{ field: 'file', message: expect.any(String) }]);
      expect((await expectApiError(await post(formOf(await png(), 'a.png', null)), 400)).fields?.[0]?.field).toBe('purpose');
      expect((await expectApiError(await post(formOf(await png(), 'a.png', 'avatar')), 400)).fields?.[0]?.field).toBe('purpose');
      expect(
        (await expectApiError(await post('file=abc', { AppToken: app.wire, 'Content-Type': 'text/plain' }), 400)).fields?.[0]?.field,
      ).toBe('file');
      expect((await expectApiError(await post(formOf(Buffer.alloc(0), 'kosong.png')), 400)).message).toMatch(/kosong/);
      await expectApiError(await post(formOf(await png(), 'a.png'), {}), 401);
      await expect(uploadFile(clientOf(platform), new Blob([await png()]), 'image', 'a.png')).rejects.toMatchObject({ statusCode: 401 });
    });

    it('shows a file only to its token, a signed-in admin or superadmin of the tenant; everyone else gets 404', async () => {
      const learner = await signUpLearner(platform, app.tenant.lmsId, `pengunggah-${store.name}@contoh.id`);
      const sent = await upload(letterPdf(), 'surat.pdf', 'letter', { AppToken: app.wire, Authorization: `Bearer ${learner}` });
      const other = await upload(letterPdf(), 'lain.pdf', 'letter');
      expect((await rowOf(sent.id))?.userId).toEqual(expect.any(String));
      expect((await rowOf(other.id))?.userId).toBeNull();

      const notFound = async (res: Response) => expect((await expectApiError(res, 404)).message).toBe('Berkas tidak ditemukan');
      await notFound(await read(sent.id));
      await notFound(await read(sent.id, { [UPLOAD_TOKEN_HEADER]: other.token }));
      await notFound(await read(sent.id, {}, `?token=${sent.token.slice(0, -1)}x`));
      await notFound(await read(sent.id, { Authorization: `Bearer ${learner}` }));
      await notFound(await read(sent.id, { Authorization: `Bearer ${await signInDemo(platform, 'admin', { tenantCode: 'smkcoding' })}` }));
      await notFound(await read('00000000-0000-4000-8000-000000000000', { [UPLOAD_TOKEN_HEADER]: sent.token }));
      await notFound(await read('bukan-uuid', { [UPLOAD_TOKEN_HEADER]: sent.token }));

      expect((await read(sent.id, { [UPLOAD_TOKEN_HEADER]: sent.token })).status).toBe(200);
      expect((await read(sent.id, {}, `?token=${sent.token}`)).status).toBe(200);
      for (const role of ['admin', 'superadmin'] as const) {
        const res = await read(sent.id, { Authorization: `Bearer ${await signInDemo(platform, role)}` });
        expect(res.status).toBe(200);
        expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="surat\.pdf"/);
      }
    });

    it('lets a submission reference an upload only with its token and within its tenant (uploadUsableBy)', async () => {
      const sent = await upload(letterPdf(), 'surat.pdf', 'letter');
      const other = await generateAppToken(platform, { appCode: OTHER_APP_CODE });
      const db = platform.deps.db;
      expect(await uploadUsableBy(db, app.tenant.lmsId, sent.id, sent.token)).toEqual({
        id: sent.id,
        purpose: 'letter',
        mimeType: 'application/pdf',
      });
      expect(await uploadUsableBy(db, app.tenant.lmsId, sent.id, 'x'.repeat(43))).toBeUndefined();
      expect(await uploadUsableBy(db, other.tenant.lmsId, sent.id, sent.token)).toBeUndefined();
      expect(await uploadUsableBy(db, app.tenant.lmsId, 'bukan-uuid', sent.token)).toBeUndefined();
    });

    it('limits uploads per address with 429 and Retry-After', async () => {
      const address = fromAddress();
      const form = () => formOf(Buffer.from('teks'), 'a.txt');
      for (let call = 0; call < 30; call++) expect((await post(form(), undefined, address)).status).toBe(415);
      const refused = await post(form(), undefined, address);
      await expectApiError(refused, 429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await post(form(), undefined, fromAddress())).status).toBe(415);
    });

    it('answers the client with an ApiRequestError carrying the 415', async () => {
      const failure = await uploadFile(site, new Blob(['<svg/>']), 'image', 'x.jpg').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiRequestError);
      expect(failure).toMatchObject({ statusCode: 415 });
    });
  });
});

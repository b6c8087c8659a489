import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localPublisher } from '~/server/builds/local-publisher';
import { history } from '~/server/builds/queue-history';
import { buildService } from '~/server/builds/worker';
import { nextStateChange } from '~/server/catalogue/classes';
import { findCourse } from '~/server/catalogue/courses';
import { buildJobs } from '~/server/db/schema';
import { makeDist } from './support/fake-sites';
import { dbKinds, platformFor } from './support/platform';
import { expectApiError, generateAppToken, type IssuedAppToken, OTHER_APP_CODE, signInDemo } from './support/tokens';

/**
 * Writing classes (POST v1/class/create, update?code, delete): admins only, validated field by field,
 * code and slug unique per tenant (409, never 500, also under concurrent creates), a class with
 * learners never deleted, and every write queues an incremental build naming the class.
 */
describe.each(await dbKinds())('class writes on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  let adminToken: string;
  let studentToken: string;
  let writerToken: string;
  const dist = makeDist();

  beforeAll(async () => {
    platform.deps.builds = buildService(platform.deps.db, localPublisher(dist.distRoot, { keep: 5 }));
    app = await generateAppToken(platform);
    [adminToken, studentToken, writerToken] = await Promise.all([
      signInDemo(platform, 'admin'),
      signInDemo(platform, 'student'),
      signInDemo(platform, 'writer'),
    ]);
  }, 60_000);
  afterEach(async () => {
    await platform.deps.db.delete(buildJobs);
  });
  afterAll(async () => {
    dist.remove();
  });

  const call = (path: string, init: RequestInit = {}, accessToken?: string) =>
    platform.api.request(`/v1/class${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        AppToken: app.wire,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...init.headers,
      },
    });
  const post = async (path: string, body: unknown, token = adminToken): Promise<Response> =>
    call(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) }, token);
  const overview = async (slug: string) => call(`/overview?slug=${encodeURIComponent(slug)}`);
  const programId = async (slug: string) => {
    const res = await platform.api.request(`/v1/program/active/detail?slug=${slug}`, { headers: { AppToken: app.wire } });
    return ((await res.json()) as { data: { id: number } }).data.id;
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

  const newClass = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    name: `Kelas Uji ${code}`,
    summary: 'Kelas singkat untuk menguji penulisan katalog.',
    description: '<p>Belajar <strong>HTML</strong> dasar.</p><script>alert(1)</script>',
    type: 'workshop',
    level: 'pemula',
    isOnline: false,
    place: 'Gedung Sate, Bandung',
    heldCityId: '32.73',
    registrarCityId: '32.73',
    price: 150_000,
    quota: 30,
    schedule: 'Sabtu, 09.00–12.00 WIB',
    registrationOpensAt: day(-2),
    registrationClosesAt: day(10),
    startsAt: day(14),
    endsAt: day(15),
    mentors: ['dewi-lestari-putri', 'rizky-pratama'],
    syllabus: [
      { title: 'Struktur halaman', topics: ['elemen', 'atribut'], hours: 2 },
      { title: 'Formulir', summary: 'Input dan validasi', hours: 1 },
    ],
    requirements: ['Membawa laptop'],
    benefits: ['Sertifikat'],
    ...extra,
  });

  it('an admin creates a class with its mentors and syllabus; visitors see it at once, and a build is queued naming it', async () => {
    const res = await post('/create', newClass('UJI-TULIS-01', { programId: await programId('fullstack-web-developer') }));
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      code: 'UJI-TULIS-01',
      slug: 'kelas-uji-uji-tulis-01',
      state: 'registration',
      price: 150_000,
      heldCity: { id: '32.73', name: 'Kota Bandung' },
      program: { slug: 'fullstack-web-developer' },
      mentors: [{ slug: 'dewi-lestari-putri' }, { slug: 'rizky-pratama' }],
      syllabus: [
        { position: 1, title: 'Struktur halaman', topics: ['elemen', 'atribut'], hours: 2 },
        { position: 2, title: 'Formulir', summary: 'Input dan validasi', topics: [], hours: 1 },
      ],
      requirements: ['Membawa laptop'],
    });
    expect(data.description).toBe('<p>Belajar <strong>HTML</strong> dasar.</p>');
    const shown = await overview('UJI-TULIS-01');
    expect(shown.status).toBe(200);
    expect((await shown.json()).data).toEqual(data);

    const [job] = await history(platform.deps.db, 'demo');
    expect(job).toMatchObject({ trigger: 'cms', full: false, status: 'queued', changes: 1 });
    const [row] = await platform.deps.db.select({ changes: buildJobs.changes }).from(buildJobs);
    expect(row?.changes).toEqual([{ type: 'content.updated', tenant: 'demo', ids: [data.id, data.slug] }]);
  });

  it('an update changes only the fields it names; a new mentor list or syllabus replaces the old one', async () => {
    const created = (await (await post('/create', newClass('UJI-UBAH-01'))).json()).data;
    const res = await post('/update?code=UJI-UBAH-01', { price: 0 });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual({ ...created, price: 0, updatedAt: data.updatedAt });

    const replaced = (await (await post('/update?code=UJI-UBAH-01', { mentors: ['ahmad-fauzan'], syllabus: [] })).json()).data;
    expect(replaced.mentors.map((mentor: { slug: string }) => mentor.slug)).toEqual(['ahmad-fauzan']);
    expect(replaced.syllabus).toEqual([]);
    expect(replaced.description).toBe(created.description);
    expect(await history(platform.deps.db, 'demo')).toHaveLength(1);
  });

  it('an unpublished class is hidden from visitors but stays the admins’', async () => {
    const created = (await (await post('/create', newClass('UJI-DRAF-01', { isPublished: false }))).json()).data;
    expect(created.code).toBe('UJI-DRAF-01');
    await expectApiError(await overview('UJI-DRAF-01'), 404);
    expect((await post('/update?code=UJI-DRAF-01', { isPublished: true })).status).toBe(200);
    expect((await overview('UJI-DRAF-01')).status).toBe(200);
    // A premium course of an unpublished class no longer links its (404) page; it names it again once published.
    const lmsId = (await platform.deps.tenants.byCode('demo'))?.lmsId ?? '';
    expect((await findCourse(platform.deps.db, lmsId, 'javascript-modern'))?.class?.code).toBe('JS-DASAR-11');
    expect((await post('/update?code=JS-DASAR-11', { isPublished: false })).status).toBe(200);
    expect((await findCourse(platform.deps.db, lmsId, 'javascript-modern'))?.class).toBeNull();
    expect((await post('/update?code=JS-DASAR-11', { isPublished: true })).status).toBe(200);
    expect((await findCourse(platform.deps.db, lmsId, 'javascript-modern'))?.class?.code).toBe('JS-DASAR-11');
  });

  it('refuses bad input with 400 naming the field, in Indonesian, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ type: 'kursus' }, 'type', /tipe harus salah satu dari/],
      [{ price: -5 }, 'price', /tidak boleh negatif/],
      [{ price: 10.5 }, 'price', /rupiah bulat/],
      [{ code: 'ada spasi' }, 'code', /huruf, angka dan tanda minus/],
      [{ mentors: ['tidak-ada'] }, 'mentors', /mentor "tidak-ada" tidak ditemukan/],
      [{ mentors: ['rizky-pratama', 'rizky-pratama'] }, 'mentors', /tidak boleh ganda/],
      [{ heldCityId: '99.99' }, 'heldCityId', /kota 99.99 tidak dikenal/],
      [{ programId: 999_999 }, 'programId', /program tidak ditemukan/],
      [{ startsAt: day(20), endsAt: day(19) }, 'endsAt', /selesai setelah dimulai/],
      [{ registrationClosesAt: day(-5) }, 'registrationClosesAt', /ditutup setelah dibuka/],
      [{ registrationOpensAt: day(15), registrationClosesAt: day(16) }, 'startsAt', /dimulai setelah pendaftaran dibuka/],
      [{ logo: 'javascript:alert(1)' }, 'logo', /alamat harus/],
      [{ harga: 1 }, 'harga', /.+/],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/create', newClass('UJI-SALAH-01', change));
      const body = await expectApiError(res, 400);
      expect(body.fields?.find((item) => item.field === field)?.message, field).toMatch(message);
    }
    await expectApiError(await post('/create', '{"code":'), 400);
    await expectApiError(await overview('UJI-SALAH-01'), 404);
    // An update is checked against what is stored: a start after the stored end is refused.
    await post('/create', newClass('UJI-URUT-01'));
    const body = await expectApiError(await post('/update?code=UJI-URUT-01', { startsAt: day(30) }), 400);
    expect(body.fields?.[0]).toMatchObject({ field: 'endsAt' });
    expect(await history(platform.deps.db, 'demo')).toHaveLength(1);
  });

  it('a code or slug in use answers 409 naming it; concurrent creates of one code give one 201 and 409s, never 500', async () => {
    await expectApiError(await post('/create', newClass('JS-DASAR-11')), 409);
    const slugTaken = await expectApiError(await post('/create', newClass('UJI-SLUG-01', { slug: 'javascript-dasar-untuk-pemula' })), 409);
    expect(slugTaken.fields?.[0]).toEqual({ field: 'slug', message: 'slug "javascript-dasar-untuk-pemula" sudah dipakai' });
    await expectApiError(await post('/update?code=UJI-TULIS-01', { code: 'JS-DASAR-11' }), 409);

    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => post('/create', newClass('UJI-BALAP-01')).then((res) => res.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    // Same name, no slug given: each gets a free slug of its own.
    const named = await Promise.all(
      ['UJI-NAMA-01', 'UJI-NAMA-02', 'UJI-NAMA-03'].map((code) => post('/create', newClass(code, { name: 'Kelas Nama Sama' }))),
    );
    const slugs = await Promise.all(named.map(async (res) => (await res.json()).data?.slug));
    expect(named.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(slugs).size).toBe(3);
  });

  it('deletes a class without learners, refuses one with learners (409), and answers 404 for none', async () => {
    await post('/create', newClass('UJI-HAPUS-01'));
    const res = await post('/delete', { code: 'UJI-HAPUS-01' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ slug: 'kelas-uji-uji-hapus-01' });
    await expectApiError(await overview('UJI-HAPUS-01'), 404);
    await expectApiError(await post('/delete', { code: 'UJI-HAPUS-01' }), 404);
    // The demo student is enrolled in JS-DASAR-11.
    const refused = await expectApiError(await post('/delete', { code: 'JS-DASAR-11' }), 409);
    expect(refused.message).toMatch(/sudah punya peserta/);
    expect((await overview('JS-DASAR-11')).status).toBe(200);
    await expectApiError(await post('/update?code=TIDAK-ADA', { price: 1 }), 404);
  });

  it('knows the next moment a published class changes state, for the build that refreshes its badges', async () => {
    const lmsId = (await platform.deps.tenants.byCode('demo'))?.lmsId ?? '';
    const seeded = await nextStateChange(platform.deps.db, lmsId);
    // The seed's nearest boundary is days away (tenants/demo/content/catalogue/README.md).
    expect(seeded && seeded.getTime() - Date.now()).toBeGreaterThan(86_400_000);
    const soon = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString();
    await post('/create', newClass('UJI-JADWAL-01', { registrationOpensAt: soon, isPublished: false }));
    expect(await nextStateChange(platform.deps.db, lmsId)).toEqual(seeded);
    await post('/update?code=UJI-JADWAL-01', { isPublished: true });
    expect((await nextStateChange(platform.deps.db, lmsId))?.toISOString()).toBe(soon);
    await post('/update?code=UJI-JADWAL-01', { alwaysOpen: true });
    expect(await nextStateChange(platform.deps.db, lmsId)).toEqual(seeded);
  });

  it('refuses students, writers, visitors without a user and other apps, and queues nothing', async () => {
    for (const [path, body] of [
      ['/create', newClass('UJI-TOLAK-01')],
      ['/update?code=JS-DASAR-11', { price: 1 }],
      ['/delete', { code: 'FIGMA-01' }],
    ] as const) {
      await expectApiError(await post(path, body, studentToken), 403);
      await expectApiError(await post(path, body, writerToken), 403);
      await expectApiError(await call(path, { method: 'POST', body: JSON.stringify(body) }), 401);
      const other = await generateAppToken(platform, { appCode: OTHER_APP_CODE });
      const res = await platform.api.request(`/v1/class${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', AppToken: other.wire, Authorization: `Bearer ${adminToken}` },
        body: JSON.stringify(body),
      });
      expect([401, 403]).toContain(res.status);
    }
    expect(await history(platform.deps.db, 'demo')).toEqual([]);
    expect((await overview('FIGMA-01')).status).toBe(200);
  });
});

import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '~/contract/common';
import { type AppointmentCreate, IDEMPOTENCY_HEADER, REQUEST_DEMO_SENT, type SchoolRegister, type TeamRegister } from '~/contract/forms';
import {
  type ApiClient,
  createApiClient,
  createAppointment,
  getUserDetail,
  listSchools,
  listSubmissions,
  registerSchool,
  registerTeam,
  requestDemo,
  signUpCoder,
} from '~/lib/api';
import { uploadFile } from '~/lib/api/uploads';
import { appointments, formSubmissions, idempotencyKeys, mailOutbox, schools, teamMembers, teams, users } from '~/server/db/schema';
import { appClientOf, SITE_BASES, SITE_ORIGIN, signInAs, tenantOf } from './support/api-client';
import { signUpForm, signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { fromAddress } from './support/tokens';

const failsWith = (call: Promise<unknown>, statusCode: number, field?: string) =>
  expect(call).rejects.toMatchObject(
    field ? { statusCode, fields: expect.arrayContaining([expect.objectContaining({ field })]) } : { statusCode },
  );

/** A date `days` from today in Jakarta, YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const APPOINTMENT: AppointmentCreate = {
  name: 'Ni Putu Ayu Wulandari 🌺',
  email: 'ayu@contoh.id',
  phone: '+62 812-3456-7890',
  organization: 'SMK Negeri 1 Denpasar',
  topic: 'Pelatihan guru: pemrograman web & basis data',
  preferredDate: inDays(14),
  message: 'Kami ingin berdiskusi <script>alert("x")</script> — terima kasih 🙏',
};

const SCHOOL: SchoolRegister = {
  npsn: '50100001',
  name: 'SMK Negeri 3 Singaraja',
  level: 'SMK',
  provinceId: '51',
  cityId: '51.08',
  address: 'Jl. Gajah Mada No. 5, RT 03/RW 07',
  contactName: 'I Made Suarjana',
  contactEmail: 'kepsek@smkn3singaraja.sch.id',
  contactPhone: '081337001122',
};

describe.each(await dbKinds())('visitors’ forms on %s', (kind) => {
  const platform = platformFor(kind);
  let lmsId: string;
  let held: ReturnType<ApiClient['credentials']>;

  /** A client of the demo tenant's site from its own address (rate limits count per address). */
  const siteFrom = (address?: string): ApiClient => {
    const app = new Hono().mount('/api', platform.api.fetch);
    const env = fromAddress(address);
    const client = createApiClient({
      bases: SITE_BASES,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('Origin', SITE_ORIGIN);
        return app.fetch(request, env);
      },
    });
    client.setCredentials(held);
    return client;
  };
  const mailsOf = (mailKind: string) =>
    platform.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.lmsId, lmsId), eq(mailOutbox.kind, mailKind)));

  beforeAll(async () => {
    lmsId = (await tenantOf(platform)).lmsId;
    held = (await appClientOf(platform)).credentials();
  }, 60_000);

  describe('GET v0/cms/app/request-demo', () => {
    it('answers “Berhasil mengirim request”, stores the request and queues the staff notice and the confirmation', async () => {
      const answer = await requestDemo(siteFrom(), { email: ' Rina@Contoh.ID ', name: 'Rina', organization: 'Yayasan Cerdas' });
      expect(answer.message).toBe(REQUEST_DEMO_SENT);
      expect(answer.data.email).toBe('rina@contoh.id');
      const [stored] = await platform.deps.db.select().from(formSubmissions).where(eq(formSubmissions.id, answer.data.id));
      expect(stored).toMatchObject({
        lmsId,
        form: 'request-demo',
        email: 'rina@contoh.id',
        data: { name: 'Rina', organization: 'Yayasan Cerdas' },
      });
      const mails = await mailsOf('request-demo');
      expect(mails.map((mail) => mail.recipients.includes('rina@contoh.id'))).toEqual(expect.arrayContaining([true, false]));
      const notice = mails.find((mail) => !mail.recipients.includes('rina@contoh.id'));
      expect(notice).toMatchObject({ replyTo: 'rina@contoh.id', status: 'queued' });
      expect(notice?.recipients.length).toBeGreaterThan(0);
    });

    it('answers a second request of the same address on the same day with the first, sending nothing more', async () => {
      const client = siteFrom();
      const first = await requestDemo(client, { email: 'dua-kali@contoh.id' });
      const second = await requestDemo(client, { email: 'dua-kali@contoh.id' });
      expect(second.data.id).toBe(first.data.id);
      const rows = await platform.deps.db.select().from(formSubmissions).where(eq(formSubmissions.email, 'dua-kali@contoh.id'));
      expect(rows).toHaveLength(1);
      expect((await mailsOf('request-demo')).filter((mail) => mail.recipients.includes('dua-kali@contoh.id'))).toHaveLength(1);
    });

    it('refuses a bad e-mail (400 naming email), a filled honeypot, and a call without app token', async () => {
      await failsWith(requestDemo(siteFrom(), { email: 'bukan-email' }), 400, 'email');
      await failsWith(requestDemo(siteFrom(), { email: 'bot@contoh.id', website: 'http://spam.example' }), 400, 'website');
      const anonymous = await platform.api.request('/v0/cms/app/request-demo?email=a%40contoh.id', {}, fromAddress());
      expect(anonymous.status).toBe(401);
    });

    it('limits one address to 5 requests an hour (429 with Retry-After)', async () => {
      const client = siteFrom('10.99.1.1');
      for (let i = 0; i < 5; i++) await requestDemo(client, { email: `batas${i}@contoh.id` });
      const refused = await client.send('main', 'v0/cms/app/request-demo', { query: { email: 'batas9@contoh.id' } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    });
  });

  describe('POST v1/post/appointment/create', () => {
    it('stores what the visitor typed intact (markup as text, emoji and Indonesian names) with its two mails', async () => {
      const stored = await createAppointment(siteFrom(), APPOINTMENT);
      const [row] = await platform.deps.db.select().from(appointments).where(eq(appointments.id, stored.id));
      expect(row?.data).toMatchObject({
        name: APPOINTMENT.name,
        message: APPOINTMENT.message,
        topic: APPOINTMENT.topic,
        phone: '081234567890',
      });
      const mails = await mailsOf('appointment');
      // The staff get everything as typed; the visitor's confirmation (to an unverified address) none of their free text.
      const notice = mails.find((mail) => mail.replyTo === APPOINTMENT.email);
      expect(notice?.text).toContain(APPOINTMENT.message);
      expect(notice?.text).toContain('Ni Putu Ayu Wulandari 🌺');
      const confirmation = mails.find((mail) => mail.recipients.includes(APPOINTMENT.email));
      expect(confirmation?.text).toContain('Ni Putu Ayu Wulandari 🌺');
      expect(confirmation?.text).not.toContain('<script>');
      expect(confirmation?.text).not.toContain(APPOINTMENT.topic);
    });

    it('stores one row for a double submit with one idempotency key, and replays the first answer', async () => {
      const client = siteFrom();
      const key = crypto.randomUUID();
      const body = { ...APPOINTMENT, email: 'ganda@contoh.id' };
      const [first, second] = await Promise.all([
        client.send('main', 'v1/post/appointment/create', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } }),
        client.send('main', 'v1/post/appointment/create', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } }),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      const [a, b] = [await first.json(), await second.json()];
      expect(b).toEqual(a);
      expect([first.headers.get('Idempotent-Replayed'), second.headers.get('Idempotent-Replayed')]).toContain('true');
      const again = await createAppointment(client, body, { idempotencyKey: key });
      expect(again.id).toBe((a as { data: { id: number } }).data.id);
      const rows = (await platform.deps.db.select().from(appointments)).filter(
        (row) => (row.data as { email: string }).email === 'ganda@contoh.id',
      );
      expect(rows).toHaveLength(1);
      expect((await mailsOf('appointment')).filter((mail) => mail.recipients.includes('ganda@contoh.id'))).toHaveLength(1);
    });

    it('refuses the same key with another body (422) and a malformed key (400)', async () => {
      const client = siteFrom();
      const key = crypto.randomUUID();
      await createAppointment(client, { ...APPOINTMENT, email: 'kunci@contoh.id' }, { idempotencyKey: key });
      await failsWith(createAppointment(client, { ...APPOINTMENT, email: 'lain@contoh.id' }, { idempotencyKey: key }), 422);
      await failsWith(createAppointment(siteFrom(), APPOINTMENT, { idempotencyKey: 'pendek' }), 400);
    });

    it('refuses a date in the past or over a year ahead, and bad input of every kind, naming the field', async () => {
      const client = siteFrom();
      await failsWith(createAppointment(client, { ...APPOINTMENT, preferredDate: inDays(-1) }), 400, 'preferredDate');
      await failsWith(createAppointment(client, { ...APPOINTMENT, preferredDate: inDays(400) }), 400, 'preferredDate');
      await failsWith(createAppointment(client, { ...APPOINTMENT, phone: '021-555-1234' }), 400, 'phone');
      await failsWith(createAppointment(siteFrom(), { ...APPOINTMENT, name: 'x'.repeat(121) }), 400, 'name');
      await failsWith(createAppointment(siteFrom(), { ...APPOINTMENT, name: '   ' }), 400, 'name');
      const wrongTypes = await siteFrom().send('main', 'v1/post/appointment/create', {
        method: 'POST',
        body: { ...APPOINTMENT, name: 42, preferredDate: true },
      });
      expect(wrongTypes.status).toBe(400);
      const fields = ((await wrongTypes.json()) as { fields: { field: string }[] }).fields.map((f) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'preferredDate']));
      const empty = await siteFrom().send('main', 'v1/post/appointment/create', { method: 'POST', body: {} });
      expect(empty.status).toBe(400);
    });
  });

  describe('schools', () => {
    it('registers a school that the list shows at once, by city and by name, 10 a page', async () => {
      const school = await registerSchool(siteFrom(), SCHOOL);
      expect(school).toMatchObject({ npsn: SCHOOL.npsn, name: SCHOOL.name, cityId: '51.08' });
      const byCity = await listSchools(siteFrom(), { cityId: '51.08' });
      expect(byCity.items.map((item) => item.id)).toContain(school.id);
      expect(byCity.perPage).toBe(10);
      const byName = await listSchools(siteFrom(), { search: 'negeri 3 singaraja' });
      expect(byName.items.map((item) => item.name)).toEqual([SCHOOL.name]);
      // A % in the search is a character, not a wildcard.
      expect((await listSchools(siteFrom(), { search: '%' })).items).toEqual([]);
      const [contact] = await platform.deps.db
        .select()
        .from(formSubmissions)
        .where(and(eq(formSubmissions.form, 'school'), eq(formSubmissions.email, SCHOOL.contactEmail)));
      expect(contact?.data).toMatchObject({ schoolId: school.id, contactName: SCHOOL.contactName, address: SCHOOL.address });
      expect((await mailsOf('school')).length).toBeGreaterThanOrEqual(2);
    });

    it('refuses a second school with one NPSN (409 naming npsn), a city outside the province and a bad NPSN (400)', async () => {
      await failsWith(registerSchool(siteFrom(), { ...SCHOOL, name: 'Sekolah Lain' }), 409, 'npsn');
      await failsWith(registerSchool(siteFrom(), { ...SCHOOL, npsn: '50100002', cityId: '32.73' }), 400, 'cityId');
      await failsWith(registerSchool(siteFrom(), { ...SCHOOL, npsn: '5010' }), 400, 'npsn');
      expect(await platform.deps.db.$count(schools, eq(schools.npsn, SCHOOL.npsn))).toBe(1);
    });

    it('pages the list: page 2 continues page 1 without repeats', async () => {
      const before = (await listSchools(siteFrom(), { cityId: '51.71' })).totalItems;
      for (let i = 0; i < 12; i++)
        await platform.deps.db
          .insert(schools)
          .values({ lmsId, npsn: `5020${String(i).padStart(4, '0')}`, name: `SMK Uji ${i}`, provinceId: '51', cityId: '51.71' });
      const total = before + 12;
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(total / 10) }, (_, i) => listSchools(siteFrom(), { cityId: '51.71', page: i + 1 })),
      );
      expect(pages[0]?.totalItems).toBe(total);
      expect(pages[0]?.totalPages).toBe(Math.ceil(total / 10));
      expect(pages.map((page) => page.items.length)).toEqual(pages.map((_, i) => Math.min(10, total - i * 10)));
      expect(new Set(pages.flatMap((page) => page.items.map((item) => item.id))).size).toBe(total);
      await failsWith(listSchools(siteFrom(), { perPage: 101 }), 400, 'perPage');
    });
  });

  describe('teams', () => {
    const PDF =
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
    let schoolId: number;
    const letterOf = async (client: ApiClient) => {
      const upload = await uploadFile(client, new Blob([PDF], { type: 'application/pdf' }), 'letter', 'surat rekomendasi.pdf');
      return { letterId: upload.id, letterToken: upload.token };
    };
    const member = (n: number, prefix = 'tim') => ({
      name: `Siswa ${n} Ñoman 🚀`,
      email: `${prefix}${n}@siswa.sch.id`,
      phone: `08123456${String(n).padStart(4, '0')}`,
      nisn: `00${String(n).padStart(8, '0')}`,
    });
    const teamForm = async (client: ApiClient, overrides: Partial<TeamRegister> = {}): Promise<TeamRegister> => ({
      competition: 'liga-smk',
      name: 'Garuda Coder',
      schoolId,
      members: [member(1), member(2), member(3)],
      mentorName: 'Ibu Sri Wahyuni, S.Kom.',
      // Each form its own mentor: confirmations to one address are capped at 5 an hour.
      mentorEmail: `guru-${crypto.randomUUID().slice(0, 8)}@guru.sch.id`,
      mentorPhone: '081298765432',
      ...(await letterOf(client)),
      acceptRules: true,
      ...overrides,
    });

    beforeAll(async () => {
      schoolId = (await registerSchool(siteFrom(), { ...SCHOOL, npsn: '50100099', name: 'SMK Negeri 1 Tabanan' })).id;
    });

    it('registers a team of three with its school, mentor and letter, and mails the captain, the mentor and the staff', async () => {
      const client = siteFrom();
      const form = await teamForm(client);
      const team = await registerTeam(client, form);
      expect(team).toMatchObject({
        name: 'Garuda Coder',
        competition: 'liga-smk',
        members: 3,
        school: { id: schoolId, name: 'SMK Negeri 1 Tabanan' },
      });
      const [row] = await platform.deps.db.select().from(teams).where(eq(teams.id, team.id));
      expect(row).toMatchObject({ lmsId, schoolId, mentorPhone: '081298765432', userId: null });
      const roster = await platform.deps.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
      expect(roster.map((m) => [m.position, m.name])).toEqual([
        [0, 'Siswa 1 Ñoman 🚀'],
        [1, 'Siswa 2 Ñoman 🚀'],
        [2, 'Siswa 3 Ñoman 🚀'],
      ]);
      const mails = await mailsOf('team');
      expect(mails.some((mail) => mail.recipients.includes('tim1@siswa.sch.id') && mail.recipients.includes(form.mentorEmail))).toBe(true);
      expect(mails.some((mail) => mail.replyTo === form.mentorEmail)).toBe(true);
    });

    it('stores one team for a double submit, and refuses a taken name in any case (409 naming name)', async () => {
      const client = siteFrom();
      const form = await teamForm(client, { name: 'Elang Biner', members: [member(11), member(12), member(13)] });
      const key = crypto.randomUUID();
      const [a, b] = await Promise.all([
        registerTeam(client, form, { idempotencyKey: key }),
        registerTeam(client, form, { idempotencyKey: key }),
      ]);
      expect(b.id).toBe(a.id);
      expect(await platform.deps.db.$count(teams, eq(teams.name, 'Elang Biner'))).toBe(1);
      await failsWith(
        registerTeam(client, await teamForm(client, { name: 'ELANG biner', members: [member(21), member(22), member(23)] })),
        409,
        'name',
      );
    });

    it('refuses a student already in a team of the competition, by e-mail or by NISN (409 naming the member)', async () => {
      const client = siteFrom();
      const form = await teamForm(client, { name: 'Tim Lain', members: [member(31), member(2), member(33)] });
      await failsWith(registerTeam(client, form), 409, 'members.1.email');
      const sameNisn = { ...member(34), nisn: member(3).nisn };
      await failsWith(registerTeam(client, { ...form, members: [member(31), member(32), sameNisn] }), 409, 'members.2.nisn');
    });

    it('refuses a letter already attached to another team (409 naming letterId)', async () => {
      const client = siteFrom();
      const first = await teamForm(client, { name: 'Tim Surat Satu', members: [member(71), member(72), member(73)] });
      await registerTeam(client, first);
      const second = { ...first, name: 'Tim Surat Dua', members: [member(74), member(75), member(76)] };
      await failsWith(registerTeam(client, second), 409, 'letterId');
    });

    it('refuses 2 or 6 members, repeated e-mails, a bad NISN, an unknown school and rules not accepted (400 naming the field)', async () => {
      const client = siteFrom();
      const base = await teamForm(client, { name: 'Tim Uji' });
      await failsWith(registerTeam(client, { ...base, members: [member(41), member(42)] }), 400, 'members');
      await failsWith(registerTeam(client, { ...base, members: [41, 42, 43, 44, 45, 46].map((n) => member(n)) }), 400, 'members');
      await failsWith(registerTeam(client, { ...base, members: [member(41), member(41), member(43)] }), 400, 'members');
      await failsWith(
        registerTeam(client, { ...base, members: [member(41), { ...member(42), nisn: '123' }, member(43)] }),
        400,
        'members.1.nisn',
      );
      await failsWith(
        registerTeam(siteFrom(), { ...base, members: [member(41), member(42), member(43)], schoolId: 999_999 }),
        400,
        'schoolId',
      );
      await failsWith(registerTeam(siteFrom(), { ...base, acceptRules: false as true }), 400, 'acceptRules');
      expect(await platform.deps.db.$count(teams, eq(teams.name, 'Tim Uji'))).toBe(0);
    });

    it('refuses a letter with another token, an image upload and an upload id that does not exist (400 naming letterId)', async () => {
      const client = siteFrom();
      const base = await teamForm(client, { name: 'Tim Surat', members: [member(51), member(52), member(53)] });
      await failsWith(registerTeam(client, { ...base, letterToken: 'x'.repeat(43) }), 400, 'letterId');
      await failsWith(registerTeam(siteFrom(), { ...base, letterId: crypto.randomUUID() }), 400, 'letterId');
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2096c4' } })
        .png()
        .toBuffer();
      const image = await uploadFile(client, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image', 'foto.png');
      await failsWith(registerTeam(siteFrom(), { ...base, letterId: image.id, letterToken: image.token }), 400, 'letterId');
    });

    it('records the signed-in account of POST v1/auth/team/register, which refuses a visitor who is not signed in (401)', async () => {
      const client = siteFrom();
      const form = await teamForm(client, { name: 'Tim Akun', members: [member(61), member(62), member(63)] });
      await failsWith(registerTeam(client, form, { signedIn: true }), 401);
      client.setCredentials({ accessToken: await signUpLearner(platform, lmsId, 'kapten@contoh.id') });
      const team = await registerTeam(client, form, { signedIn: true });
      const [row] = await platform.deps.db.select().from(teams).where(eq(teams.id, team.id));
      const [captain] = await platform.deps.db.select().from(users).where(eq(users.email, 'kapten@contoh.id'));
      expect(row?.userId).toBe(captain?.id);
    });
  });

  describe('POST v1/auth/signup/coder', () => {
    it('creates a signed-in learner with what they code with, and queues a welcome mail and the verification mail', async () => {
      const client = siteFrom();
      const result = await signUpCoder(client, {
        ...signUpForm('coder@contoh.id'),
        schoolName: 'SMK Telkom Malang',
        github: 'budi-santoso',
        level: 'menengah',
        languages: ['Python', 'JavaScript'],
      } as never);
      expect(result.user).toMatchObject({ email: 'coder@contoh.id', role: 'student' });
      client.setCredentials({ accessToken: result.accessToken });
      await expect(getUserDetail(client)).resolves.toMatchObject({ email: 'coder@contoh.id' });
      const [profile] = await platform.deps.db
        .select()
        .from(formSubmissions)
        .where(and(eq(formSubmissions.form, 'coder'), eq(formSubmissions.email, 'coder@contoh.id')));
      expect(profile?.data).toMatchObject({ github: 'budi-santoso', level: 'menengah', languages: ['Python', 'JavaScript'] });
      expect((await mailsOf('coder')).filter((mail) => mail.recipients.includes('coder@contoh.id'))).toHaveLength(1);
      // Like every sign-up: a one-time link to verify the address, to this tenant's own site.
      const [verify] = (await mailsOf('verify-email')).filter((mail) => mail.recipients.includes('coder@contoh.id'));
      expect(verify?.text).toMatch(/\/Verifikasi-Email#token=[\w-]{20,}/);
    });

    it('answers a retried sign-up with the same key by signing in again, only with the same password', async () => {
      const client = siteFrom();
      const key = crypto.randomUUID();
      const form = { ...signUpForm('ulang@contoh.id'), github: '', level: 'pemula', languages: [] } as never;
      const first = await signUpCoder(client, form, { idempotencyKey: key });
      const again = await signUpCoder(client, form, { idempotencyKey: key });
      expect(again.user.id).toBe(first.user.id);
      expect(again.accessToken).not.toBe(first.accessToken);
      expect(await platform.deps.db.$count(users, eq(users.email, 'ulang@contoh.id'))).toBe(1);
      expect((await mailsOf('coder')).filter((mail) => mail.recipients.includes('ulang@contoh.id'))).toHaveLength(1);
      expect((await mailsOf('verify-email')).filter((mail) => mail.recipients.includes('ulang@contoh.id'))).toHaveLength(1);
      const other = { ...(form as object), password: 'lain-sekali-9', passwordRepeat: 'lain-sekali-9' } as never;
      await failsWith(signUpCoder(client, other, { idempotencyKey: key }), 409, 'email');
      const [stored] = await platform.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(JSON.stringify(stored)).not.toContain('rahasia');
    });

    it('refuses a taken e-mail (409), an unknown language and a bad GitHub name (400), keeping nothing of them', async () => {
      const form = { ...signUpForm('coder@contoh.id'), github: '', level: 'pemula', languages: [] };
      await failsWith(signUpCoder(siteFrom(), form as never), 409, 'email');
      await failsWith(signUpCoder(siteFrom(), { ...form, email: 'baru@contoh.id', languages: ['Cobol'] } as never), 400, 'languages.0');
      await failsWith(signUpCoder(siteFrom(), { ...form, email: 'baru@contoh.id', github: '-buruk-' } as never), 400, 'github');
      expect(await platform.deps.db.$count(users, eq(users.email, 'baru@contoh.id'))).toBe(0);
      expect((await mailsOf('coder')).filter((mail) => mail.recipients.includes('baru@contoh.id'))).toHaveLength(0);
    });
  });

  it('lets the tenant’s admins, and only them, read every form’s submissions, newest first', async () => {
    const admin = siteFrom();
    await signInAs(admin, 'admin');
    const appointmentsSeen = await listSubmissions(admin, 'appointment');
    expect(appointmentsSeen.items.length).toBeGreaterThan(0);
    expect(appointmentsSeen.items[0]?.form).toBe('appointment');
    const ids = appointmentsSeen.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const form of ['request-demo', 'coder', 'school', 'team', 'testimony', 'disc'] as const)
      await expect(listSubmissions(admin, form)).resolves.toMatchObject({ page: 1, perPage: 10 });
    const learner = siteFrom();
    learner.setCredentials({ accessToken: await signUpLearner(platform, lmsId, 'bukan-admin@contoh.id') });
    await failsWith(listSubmissions(learner, 'appointment'), 403);
    await failsWith(listSubmissions(siteFrom(), 'appointment'), 401);
  });

  describe('bad input on every form', () => {
    const FORMS = [
      ['v1/post/appointment/create', 'name'],
      ['v1/school/register', 'name'],
      ['v1/team/register', 'name'],
      ['v1/auth/signup/coder', 'name'],
    ] as const;
    const post = (path: string, body: unknown) => siteFrom().send('main', path, { method: 'POST', body });
    const fieldsOf = async (response: Response) =>
      ((await response.json()) as { fields?: { field: string }[] }).fields?.map((f) => f.field) ?? [];

    it('answers an empty body, a list, a number and a string with 400, never a 500', async () => {
      for (const [path] of FORMS)
        for (const body of [{}, [], 42, 'teks', null]) {
          const response = await post(path, body);
          expect([path, JSON.stringify(body), response.status]).toEqual([path, JSON.stringify(body), 400]);
        }
    });

    it('names a too long, a multi-line and a wrongly typed field, and an unknown one', async () => {
      const bodies = {
        'v1/post/appointment/create': APPOINTMENT,
        'v1/school/register': { ...SCHOOL, npsn: '50109999' },
        'v1/team/register': {
          competition: 'liga-smk',
          name: 'Tim Korpus',
          schoolId: 1,
          members: [],
          mentorName: 'Guru',
          mentorEmail: 'guru@contoh.id',
          mentorPhone: '081234567890',
          letterId: crypto.randomUUID(),
          letterToken: 'x'.repeat(43),
          acceptRules: true,
        },
        'v1/auth/signup/coder': { ...signUpForm('korpus@contoh.id'), github: '', level: 'pemula', languages: [] },
      } as const;
      for (const [path, field] of FORMS) {
        const base = bodies[path];
        const long = await post(path, { ...base, [field]: 'x'.repeat(500) });
        expect([path, long.status, await fieldsOf(long)]).toEqual([path, 400, expect.arrayContaining([field])]);
        expect(await fieldsOf(await post(path, { ...base, [field]: 'Baris satu\nEmail: palsu@contoh.id' })), path).toContain(field);
        expect(await fieldsOf(await post(path, { ...base, [field]: 12345 })), path).toContain(field);
        expect(await fieldsOf(await post(path, { ...base, role: 'admin' })), path).toContain('role');
      }
    });

    it('keeps markup, emoji and Indonesian letters as the text they are', async () => {
      const name = 'SMK <b>Bina</b> Ñusantara 🇮🇩 "Ṣejahtera"';
      const school = await registerSchool(siteFrom(), { ...SCHOOL, npsn: '50108888', name, contactEmail: 'korpus-sekolah@contoh.id' });
      expect(school.name).toBe(name);
      const listed = await listSchools(siteFrom(), { search: 'Bina' });
      expect(listed.items.map((item) => item.name)).toContain(name);
    });
  });

  it('answers without an app token 401 on every form', async () => {
    for (const [method, path] of [
      ['POST', '/v1/post/appointment/create'],
      ['POST', '/v1/school/register'],
      ['GET', '/v1/school/list'],
      ['POST', '/v1/team/register'],
      ['POST', '/v1/auth/signup/coder'],
    ] as const) {
      const init =
        method === 'POST'
          ? { method, headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, [HEADERS.lmsId]: lmsId }, body: '{}' }
          : {};
      const response = await platform.api.request(path, init, fromAddress());
      expect([path, response.status]).toEqual([path, 401]);
    }
  });
});

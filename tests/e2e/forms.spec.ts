import { expect, type Page, test } from '@playwright/test';
import type { SubmissionForm } from '~/contract/forms';
import type { ApiClient } from '~/lib/api';
import { listSubmissions } from '~/lib/api/forms';
import { axeViolations, islandGzip, keepScreenshot, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * The visitors' forms in Chromium on a phone: each filled in, sent and confirmed, its row
 * read back through the staff's API and its mail through the mail catcher's inbox; a lost answer and
 * an outage keep what was typed, and the retry stores one row.
 */

const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A date `days` from today in Jakarta, as a date input takes it. */
const inDays = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.use({ viewport: PHONE });

let admin: ApiClient;
test.beforeAll(async ({ baseURL }, testInfo) => {
  admin = await roleClient(baseURL ?? '', tenantOf(testInfo), 'admin');
});

/** The staff's rows of `form` sent from `email`. */
const rowsOf = async (form: SubmissionForm, email: string) =>
  (await listSubmissions(admin, form, 1)).items.filter((item) => item.email === email || JSON.stringify(item.data).includes(`"${email}"`));

/** Subjects of the caught mail addressed to `email` (the worker delivers within moments). */
const caughtFor = async (email: string): Promise<string[]> => {
  const response = await admin.send('mailer', 'v1/inbox');
  const body = (await response.json()) as { data: { items: { to: string[]; subject: string }[] } };
  return body.data.items.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
};

async function ready(page: Page, path: string, button: string) {
  await page.goto(path);
  const submit = page.getByRole('button', { name: button, exact: true });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeEnabled();
}

test('an appointment: a lost answer keeps what was typed, the retry stores one row, and the mail reaches the catcher', async ({ page }) => {
  const email = `janji-${unique()}@contoh.id`;
  await ready(page, '/Make-Appointment', 'Kirim permintaan');
  const form = page.getByRole('form', { name: 'Buat janji temu' });
  await form.getByLabel('Nama lengkap').fill('Ni Putu Ayu 🌺');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Nomor HP (WhatsApp)').fill('0812 3456 7890');
  await form.getByLabel('Topik yang ingin dibahas').fill('Pelatihan guru <b>web</b>');
  await form.getByLabel('Tatap muka di kantor kami').check();
  await form.getByLabel('Tanggal yang diinginkan').fill(inDays(10));
  await form.getByLabel('Pesan (opsional)').fill('Sampai jumpa — terima kasih 🙏');

  // The server stores the first send, but its answer never arrives: the visitor sees why and keeps the form.
  await page.route('**/api/v1/post/appointment/create', async (route) => {
    await route.fetch();
    await route.abort('connectionfailed');
  });
  await form.getByRole('button', { name: 'Kirim permintaan' }).click();
  await expect(form.getByRole('alert')).toContainText('Tidak dapat terhubung ke server');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Pesan (opsional)')).toHaveValue('Sampai jumpa — terima kasih 🙏');

  await page.unroute('**/api/v1/post/appointment/create');
  await form.getByRole('button', { name: 'Coba kirim lagi' }).click();
  await expect(page.getByRole('heading', { name: 'Permintaan janji temu terkirim' })).toBeFocused();
  await keepScreenshot(page, 'demo-forms-appointment-sent');

  const rows = await rowsOf('appointment', email);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.data).toMatchObject({
    name: 'Ni Putu Ayu 🌺',
    topic: 'Pelatihan guru <b>web</b>',
    meeting: 'tatap-muka',
    phone: '081234567890',
  });
  await expect.poll(() => caughtFor(email), { timeout: 20_000 }).toEqual(['Permintaan janji temu Anda di Nusantara Learning']);
});

test('a league team: the school registered below is picked at once, the letter uploads, the team is stored and mailed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const npsn = String(Math.floor(Math.random() * 9e7) + 1e7);
  const captain = `kapten-${id}@siswa.sch.id`;
  await ready(page, '/Liga-Smk/Register', 'Daftarkan tim');

  const school = page.getByRole('form', { name: 'Daftarkan sekolah' });
  await school.scrollIntoViewIfNeeded();
  await expect(school.getByRole('button', { name: 'Daftarkan sekolah' })).toBeEnabled();
  await school.getByLabel('NPSN').fill(npsn);
  await school.getByLabel('Nama sekolah').fill(`SMK Negeri ${id} Denpasar`);
  await school.getByLabel('Provinsi').selectOption('51');
  await school.getByLabel('Kota/kabupaten').selectOption('51.71');
  await school.getByLabel('Alamat sekolah').fill('Jl. Cokroaminoto No. 84, Denpasar');
  await school.getByLabel('Nama penanggung jawab').fill('I Wayan Sudarma');
  await school.getByLabel('Email penanggung jawab').fill(`kepsek-${id}@sekolah.sch.id`);
  await school.getByLabel('Nomor HP penanggung jawab').fill('081337112233');
  await school.getByRole('button', { name: 'Daftarkan sekolah' }).click();
  await expect(page.getByRole('heading', { name: `SMK Negeri ${id} Denpasar terdaftar` })).toBeVisible();

  const team = page.getByRole('form', { name: 'Daftar tim Liga SMK' });
  await expect(team.getByLabel('Sekolah', { exact: true })).toHaveValue(/\d+/);
  await expect(team.getByLabel('Sekolah', { exact: true }).locator('option:checked')).toContainText(`SMK Negeri ${id} Denpasar`);
  await team.getByLabel('Nama tim').fill(`Garuda ${id}`);
  for (let n = 0; n < 3; n++) {
    const member = team.getByRole('group', { name: n === 0 ? 'Anggota 1 (ketua tim)' : `Anggota ${n + 1}` });
    await member.getByLabel('Nama lengkap').fill(`Siswa ${n + 1}`);
    await member.getByLabel('Email').fill(n === 0 ? captain : `siswa${n}-${id}@siswa.sch.id`);
    await member.getByLabel('Nomor HP').fill(`08123400${n}${n}${n}${n}`);
    await member.getByLabel('NISN').fill(`00${n}${String(Date.now()).slice(-7)}`);
  }
  const mentor = team.getByRole('group', { name: 'Guru pendamping' });
  await mentor.getByLabel('Nama guru').fill('Ibu Sri Wahyuni');
  await mentor.getByLabel('Email guru').fill(`guru-${id}@sekolah.sch.id`);
  await mentor.getByLabel('Nomor HP guru').fill('081298765432');
  await team
    .getByLabel('Surat rekomendasi dari sekolah')
    .setInputFiles({ name: 'surat rekomendasi.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(team.getByText('Terunggah: surat rekomendasi.pdf')).toBeVisible();
  await team.getByRole('checkbox', { name: /menyetujui peraturan Liga SMK/ }).check();
  await team.getByRole('button', { name: 'Daftarkan tim' }).click();
  await expect(page.getByRole('heading', { name: `Tim Garuda ${id} terdaftar` })).toBeFocused();
  await keepScreenshot(page, 'demo-forms-team-registered');

  const rows = await rowsOf('team', captain);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.data).toMatchObject({ name: `Garuda ${id}`, school: `SMK Negeri ${id} Denpasar` });
  expect(await rowsOf('school', `kepsek-${id}@sekolah.sch.id`)).toHaveLength(1);
  await expect
    .poll(() => caughtFor(`kepsek-${id}@sekolah.sch.id`), { timeout: 20_000 })
    .toEqual([`Sekolah NPSN ${npsn} sudah terdaftar di Nusantara Learning`]);
  await expect.poll(() => caughtFor(captain), { timeout: 20_000 }).toEqual(['Pendaftaran tim Liga SMK di Nusantara Learning']);
});

test('a team form sent empty names every field beside it and takes the focus to the first', async ({ page }) => {
  await ready(page, '/Liga-Smk/Register', 'Daftarkan tim');
  const team = page.getByRole('form', { name: 'Daftar tim Liga SMK' });
  await team.getByRole('button', { name: 'Daftarkan tim' }).click();
  await expect(team.getByLabel('Nama tim')).toBeFocused();
  await expect(team.getByLabel('Nama tim')).toHaveAttribute('aria-invalid', 'true');
  const first = team.getByRole('group', { name: 'Anggota 1 (ketua tim)' });
  await expect(first.getByText('NISN terdiri dari 10 angka')).toBeVisible();
  await expect(team.getByText('Unggah surat rekomendasi sekolah')).toBeVisible();
  await expect(team.getByText('Anda harus menyetujui peraturan lomba')).toBeVisible();
  await team.getByRole('button', { name: 'Tambah anggota' }).click();
  await team.getByRole('button', { name: 'Tambah anggota' }).click();
  await expect(team.getByRole('button', { name: 'Tambah anggota' })).toHaveCount(0);
  await team.getByRole('button', { name: 'Hapus anggota 5' }).click();
  await expect(team.getByRole('group', { name: 'Anggota 5' })).toHaveCount(0);
});

test('request-demo on the home page: an outage keeps the e-mail, the retry answers “Berhasil mengirim request”', async ({ page }) => {
  const email = `demo-${unique()}@contoh.id`;
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Minta demo' });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('button', { name: 'Minta demo' })).toBeEnabled();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Lembaga (opsional)').fill('SMK Cerdas Bangsa');
  await page.route('**/api/v0/cms/app/request-demo**', (route) => route.abort('connectionfailed'));
  await form.getByRole('button', { name: 'Minta demo' }).click();
  await expect(form.getByRole('alert')).toContainText('isian Anda tetap tersimpan');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await page.unroute('**/api/v0/cms/app/request-demo**');
  await form.getByRole('button', { name: 'Coba kirim lagi' }).click();
  await expect(page.getByRole('heading', { name: 'Berhasil mengirim request' })).toBeVisible();
  expect(await rowsOf('request-demo', email)).toHaveLength(1);
  await expect.poll(async () => (await caughtFor(email)).length, { timeout: 20_000 }).toBe(1);
});

test('coder sign-up on the coding studio page makes a signed-in learner', async ({ page }) => {
  const email = `coder-${unique()}@contoh.id`;
  await ready(page, '/Lms/Features/coding-studio', 'Daftar sebagai coder');
  const form = page.getByRole('form', { name: 'Daftar sebagai coder' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Nama lengkap', { exact: true }).fill('Budi Santoso');
  await form.getByLabel('Nomor HP', { exact: true }).fill('081234567890');
  await form.getByLabel('Tanggal lahir', { exact: true }).fill('2008-03-17');
  await form.getByLabel('Laki-laki', { exact: true }).check();
  await form.getByLabel('Provinsi', { exact: true }).selectOption('32');
  await form.getByLabel('Kota/kabupaten', { exact: true }).selectOption('32.73');
  await form.getByLabel('Nama pengguna GitHub (opsional)').fill('budi-santoso');
  await form.getByLabel(/^Menengah/).check();
  await form.getByLabel('Python', { exact: true }).check();
  await form.getByLabel('Kata sandi', { exact: true }).fill('rahasia-2026');
  await form.getByLabel('Ulangi kata sandi', { exact: true }).fill('rahasia-2026');
  await form.getByRole('checkbox', { name: /syarat dan ketentuan/i }).check();
  await form.getByRole('button', { name: 'Daftar sebagai coder' }).click();
  await expect(page.getByRole('heading', { name: 'Akun coder Anda sudah aktif' })).toBeVisible();
  const rows = await rowsOf('coder', email);
  expect(rows[0]?.data).toMatchObject({ github: 'budi-santoso', level: 'menengah', languages: ['Python'] });
  // The welcome and the e-mail verification (issue 30), in whichever order the outbox sends them.
  await expect
    .poll(async () => (await caughtFor(email)).sort(), { timeout: 20_000 })
    .toEqual(['Selamat datang di Nusantara Learning', 'Verifikasi email akun Nusantara Learning']);
});

test('the form pages pass axe, empty and with their messages, and fit a 320 px phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  const found: string[] = [];
  const check = async (label: string) => {
    found.push(...(await axeViolations(page, label)));
    const overflow = await scrollsSideways(page);
    if (overflow) found.push(`${label} at 320 px: ${overflow}`);
    await keepScreenshot(page, `demo-320-forms-${label.replace(/[^A-Za-z]+/g, '-').replace(/^-|-$/g, '')}`);
  };
  for (const [path, button] of [
    ['/Make-Appointment', 'Kirim permintaan'],
    ['/Liga-Smk/Register', 'Daftarkan tim'],
    ['/Lms/Features/coding-studio', 'Daftar sebagai coder'],
  ] as const) {
    await ready(page, path, button);
    await check(path);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await check(`${path} (pesan kesalahan)`);
  }
  await page.goto('/');
  await page.getByRole('form', { name: 'Minta demo' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Minta demo' })).toBeEnabled();
  await check('/ (minta demo)');
  await context.close();
  expect(found).toEqual([]);
});

test('each form island’s JavaScript, measured in gzip with React and all it imports', async ({ page, request }, testInfo) => {
  const sizes: string[] = [];
  for (const [path, component] of [
    ['/Make-Appointment', 'AppointmentForm'],
    ['/', 'RequestDemoForm'],
    ['/Liga-Smk/Register', 'TeamRegisterForm'],
    ['/Liga-Smk/Register', 'SchoolRegisterForm'],
    ['/Lms/Features/coding-studio', 'CoderSignupForm'],
    ['/Metamorfosa', 'BookReviews'],
    ['/Collaboration', 'Aspirations'],
    ['/Clients', 'TestimonyForm'],
    ['/BelajarBersama', 'Donations'],
  ] as const) {
    await page.goto(path);
    const { total, own } = await islandGzip(page, request, component);
    sizes.push(`${component} ${(total / 1024).toFixed(1)} KB (sendiri ${(own / 1024).toFixed(1)} KB)`);
    expect(own).toBeGreaterThan(0);
  }
  testInfo.annotations.push({ type: 'form islands gzip', description: sizes.join('; ') });
  console.log(`Pulau formulir (gzip, dengan React dan semua impornya): ${sizes.join('; ')}`);
});

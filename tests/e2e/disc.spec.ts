import { expect, type Locator, type Page, test } from '@playwright/test';
import { DISC_PROFILES } from '~/lib/disc/profiles';
import { DISC_QUESTIONNAIRE } from '~/lib/disc/questionnaire';
import { type DiscAnswer, scoreDisc } from '~/lib/disc/score';
import { axeViolations, islandGzip, keepScreenshot, scrollsSideways } from './support';

/**
 * The DISC test on /Welcome in Chromium on a phone: 24 groups answered one per step, a
 * reload mid-test keeps the answers, a 'least' that is the 'most' is refused, an outage keeps
 * everything and the retry stores the result; the type shown is the one the scoring gives.
 */

const PHONE = { width: 390, height: 844 };
const STORE_KEY = 'disc-answers';
const REST = '**/api/rest/v1/user_disc**';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.use({ viewport: PHONE });

/** A sheet with a known leaning: each group's Stabil word as 'most', its Dominan word as 'least'. */
const SHEET: DiscAnswer[] = DISC_QUESTIONNAIRE.map((group) => {
  const letterOf = (option: (typeof group)[number]) => option.most ?? option.least;
  return [group.findIndex((option) => letterOf(option) === 'S'), group.findIndex((option) => letterOf(option) === 'D')];
});
const EXPECTED = scoreDisc(SHEET);
const PROFILE = DISC_PROFILES[EXPECTED.type];

const island = (page: Page) => page.getByRole('form', { name: 'Tes DISC' });
const step = (page: Page, n: number) => island(page).getByRole('group', { name: `Kelompok ${n} dari 24` });
const side = (group: Locator, which: 'most' | 'least') =>
  group.getByRole('group', { name: which === 'most' ? 'Paling menggambarkan saya' : 'Paling tidak menggambarkan saya' });

/** /Welcome with the test hydrated (it is `client:visible`: scrolled into view first). */
async function open(page: Page) {
  await page.goto('/Welcome');
  await island(page).scrollIntoViewIfNeeded();
  await expect(island(page).getByRole('radio').first()).toBeEnabled();
}

/** Answers group `n` (1-based) as the sheet says and moves on. */
async function answer(page: Page, n: number) {
  const [most, least] = SHEET[n - 1] as DiscAnswer;
  const words = (DISC_QUESTIONNAIRE[n - 1] ?? []).map((option) => option.word);
  const group = step(page, n);
  await side(group, 'most')
    .getByLabel(words[most] ?? '', { exact: true })
    .check();
  await side(group, 'least')
    .getByLabel(words[least] ?? '', { exact: true })
    .check();
  await island(page).getByRole('button', { name: 'Berikutnya' }).click();
}

/** A full sheet kept in the tab, as the island stores it, then reloaded: the test opens at the name step. */
async function answeredAll(page: Page) {
  await open(page);
  await page.evaluate(([key, sheet]) => sessionStorage.setItem(key, sheet), [STORE_KEY, JSON.stringify(SHEET)] as const);
  await page.reload();
  await island(page).scrollIntoViewIfNeeded();
  await expect(island(page).getByRole('group', { name: 'Terakhir: nama dan email' })).toBeVisible();
}

const stored = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), STORE_KEY);

test(`24 groups answered step by step (a reload between keeps them) give the expected type, ${EXPECTED.type}`, async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  await expect(island(page)).toContainText('Di setiap kelompok, pilih satu kata');
  const next = island(page).getByRole('button', { name: 'Berikutnya' });
  // Reachable before an answer (aria-disabled, never disabled): pressed, it says why.
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).not.toHaveAttribute('disabled');
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(island(page).getByRole('alert')).toContainText('Pilih satu jawaban dulu');
  await expect(step(page, 1)).toBeVisible();
  await expect(island(page).getByRole('button', { name: 'Sebelumnya' })).toBeDisabled();

  for (let n = 1; n <= 10; n++) await answer(page, n);
  await expect(step(page, 11)).toBeFocused();
  await expect(island(page).getByRole('progressbar', { name: 'Terjawab 10 dari 24 kelompok' })).toHaveAttribute('value', '10');

  // A reload mid-test: the answers are still there, and the test goes on where it stopped.
  await page.reload();
  await island(page).scrollIntoViewIfNeeded();
  await expect(step(page, 11)).toBeVisible();
  await expect(island(page).getByText('Terjawab 10 dari 24 kelompok')).toBeVisible();
  await island(page).getByRole('button', { name: 'Sebelumnya' }).click();
  const [most, least] = SHEET[9] as DiscAnswer;
  const words = (DISC_QUESTIONNAIRE[9] ?? []).map((option) => option.word);
  await expect(side(step(page, 10), 'most').getByLabel(words[most] ?? '', { exact: true })).toBeChecked();
  await expect(side(step(page, 10), 'least').getByLabel(words[least] ?? '', { exact: true })).toBeChecked();
  await island(page).getByRole('button', { name: 'Berikutnya' }).click();

  for (let n = 11; n <= 24; n++) await answer(page, n);
  const details = island(page).getByRole('group', { name: 'Terakhir: nama dan email' });
  await expect(details).toBeFocused();
  await island(page).getByLabel('Nama', { exact: true }).fill('Siti Rahmawati');
  await island(page).getByLabel('Email', { exact: true }).fill(`Disc-${unique()}@Contoh.id `);
  await island(page).getByRole('button', { name: 'Lihat hasil' }).click();

  const heading = page.getByRole('heading', { name: `Hasil tes DISC: ${PROFILE.title} (${EXPECTED.type})` });
  await expect(heading).toBeFocused();
  await expect(page.getByText(PROFILE.tagline)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cara belajar yang paling cocok' })).toBeVisible();
  const scores = page.getByRole('table', { name: /Skor tiap gaya/ });
  for (const [letter, score] of Object.entries(EXPECTED.scores)) {
    await expect(scores.getByRole('row', { name: new RegExp(`\\(${letter}\\)`) }).getByRole('cell')).toHaveText(String(score));
  }
  expect(await stored(page)).toBeNull();
  await keepScreenshot(page, 'demo-disc-result');
});

test('at 320 px, by keyboard: the first group, a refused choice and the result pass axe and never scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await open(page);
  const violations = await axeViolations(page, 'first group');
  expect(await scrollsSideways(page)).toBeUndefined();

  // By keyboard: arrows pick 'Tegas' as most; in the other group the same word is refused with a message.
  const first = step(page, 1);
  const [ramah, tegas, pendiam] = (DISC_QUESTIONNAIRE[0] ?? []).map((option) => option.word);
  await side(first, 'most')
    .getByLabel(ramah ?? '', { exact: true })
    .focus();
  await page.keyboard.press('ArrowDown');
  await expect(side(first, 'most').getByLabel(tegas ?? '', { exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(side(first, 'least').getByLabel(ramah ?? '', { exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const refused = side(first, 'least').getByLabel(tegas ?? '', { exact: true });
  await expect(first.getByRole('alert')).toContainText(`“${tegas}” sudah dipilih sebagai paling menggambarkan`);
  await expect(refused).not.toBeChecked();
  await expect(refused).toHaveAttribute('aria-invalid', 'true');
  await expect(island(page).getByRole('button', { name: 'Berikutnya' })).toHaveAttribute('aria-disabled', 'true');
  violations.push(...(await axeViolations(page, 'refused group')));
  expect(await scrollsSideways(page)).toBeUndefined();
  await keepScreenshot(page, 'demo-disc-320-refused');

  // The next word is taken, the message goes, and Enter moves on to the next group, which takes the focus.
  await page.keyboard.press('ArrowDown');
  await expect(side(first, 'least').getByLabel(pendiam ?? '', { exact: true })).toBeChecked();
  await expect(first.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(step(page, 2)).toBeFocused();

  await answeredAll(page);
  await island(page).getByRole('button', { name: 'Lihat hasil' }).click();
  await expect(island(page).getByLabel('Nama', { exact: true })).toBeFocused();
  await expect(island(page).getByLabel('Nama', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  violations.push(...(await axeViolations(page, 'details with errors')));
  await island(page).getByLabel('Nama', { exact: true }).fill('Budi Santoso');
  await island(page).getByLabel('Email', { exact: true }).fill(`disc320-${unique()}@contoh.id`);
  await island(page).getByRole('button', { name: 'Lihat hasil' }).click();
  await expect(page.getByRole('heading', { name: `Hasil tes DISC: ${PROFILE.title} (${EXPECTED.type})` })).toBeFocused();
  violations.push(...(await axeViolations(page, 'result')));
  expect(await scrollsSideways(page)).toBeUndefined();
  await keepScreenshot(page, 'demo-disc-320-result');
  expect(violations).toEqual([]);
});

test('an outage keeps every answer and what was typed; the retry stores the result once', async ({ page }) => {
  await answeredAll(page);
  const email = `disc-putus-${unique()}@contoh.id`;
  await island(page).getByLabel('Nama', { exact: true }).fill('Made Wirawan');
  await island(page).getByLabel('Email', { exact: true }).fill(email);

  await page.route(REST, (route) => route.abort('connectionfailed'));
  await island(page).getByRole('button', { name: 'Lihat hasil' }).click();
  await expect(island(page).getByRole('alert')).toContainText('Tidak dapat terhubung ke server');
  await expect(island(page).getByLabel('Email', { exact: true })).toHaveValue(email);
  expect(JSON.parse((await stored(page)) ?? 'null')).toEqual(SHEET);

  await page.unroute(REST);
  const created: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/rest/v1/user_disc') && response.request().method() === 'POST') created.push(response.status());
  });
  await island(page).getByRole('button', { name: 'Coba kirim lagi' }).click();
  await expect(page.getByRole('heading', { name: `Hasil tes DISC: ${PROFILE.title} (${EXPECTED.type})` })).toBeFocused();
  await expect(page.getByText('tersimpan atas nama Made Wirawan')).toBeVisible();
  expect(created).toEqual([201]);
  expect(await stored(page)).toBeNull();
});

test('the DISC island’s JavaScript, measured in gzip', async ({ page, request }, testInfo) => {
  await open(page);
  const { total, own } = await islandGzip(page, request, 'DiscTest');
  expect(own).toBeGreaterThan(0);
  const line = `DiscTest ${(total / 1024).toFixed(1)} KB with React and all it imports; its own module ${(own / 1024).toFixed(1)} KB`;
  testInfo.annotations.push({ type: 'disc island gzip', description: line });
  console.log(`Pulau tes DISC (gzip): ${line}`);
});

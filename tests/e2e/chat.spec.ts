import { expect, type Locator, type Page, test } from '@playwright/test';
import { CHAT_COPY } from '~/contract/chat';
import { STORAGE_KEYS } from '~/contract/constants';
import { axeViolations, expectOnlyShellScript, keepScreenshot, scriptGraphGzip, scrollsSideways } from './support';

/**
 * The AI chat assistant in Chromium, on the demo tenant (chat enabled, workspace
 * "nusantara"): nothing of it loads until the launcher is clicked; a question about a class streams
 * an answer with the class page among its sources; a long answer stops on 'Hentikan' without an
 * error; after a reload the conversation and the history are there; a deleted conversation is gone
 * here and on the service. The server streams slowly (`CHAT_STREAM_PACE_MS`, playwright.config.ts).
 */

/** A class with registration open (classes.yaml), and its page. */
const CLASS = { name: 'JavaScript Dasar untuk Pemula', path: '/Class/JS-DASAR-11' };
const QUESTION = `Kapan kelas ${CLASS.name} dimulai?`;
/** A question with a long answer: the bootcamp's page has much to say. */
const LONG_QUESTION = 'Ceritakan selengkapnya tentang Bootcamp Fullstack Web Developer Batch 3: jadwal, tempat, biaya, dan materinya.';

/** React 19's element tag and the DOM renderer: in a script, either means React came with it. */
const REACT = /react\.transitional\.element|react-dom/;

const launcher = (page: Page) => page.getByRole('button', { name: CHAT_COPY.launcher });
const panel = (page: Page) => page.getByRole('dialog', { name: CHAT_COPY.title });
const turns = (page: Page) => panel(page).locator('.chat-turn');
/** A history entry's button, named by its first question and then its date. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function openChat(page: Page): Promise<Locator> {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page).getByLabel('Pertanyaan Anda')).toBeFocused();
  return panel(page);
}

async function ask(page: Page, question: string): Promise<void> {
  const field = panel(page).getByLabel('Pertanyaan Anda');
  await field.fill(question);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

/** The scripts the page loads from now on, with their bodies. */
function recordScripts(page: Page): { url: string; body: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: new URL(response.url()).pathname, body: response.text() });
  });
  return scripts;
}

test('demo pages load no React until the launcher is clicked; then the chat comes in one lazy graph', async ({
  page,
  request,
}, testInfo) => {
  const scripts = recordScripts(page);
  for (const path of ['/About', CLASS.path]) {
    await page.goto(path);
    await expect(launcher(page)).toBeVisible();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
    if (path === '/About') await expectOnlyShellScript(page);
    await page.waitForLoadState('networkidle');
    for (const script of scripts) expect(await script.body, `${path}: ${script.url}`).not.toMatch(REACT);
  }
  expect(scripts.some((script) => script.url.includes('/mount.'))).toBe(false);

  const before = scripts.length;
  await openChat(page);
  const loaded = scripts.slice(before);
  const mount = loaded.find((script) => /\/_astro\/mount\.[\w-]+\.js$/.test(script.url));
  expect(mount, loaded.map((script) => script.url).join(', ')).toBeTruthy();
  const bodies = await Promise.all(loaded.map((script) => script.body));
  expect(bodies.some((body) => REACT.test(body))).toBe(true);
  await expect(launcher(page)).toHaveAttribute('aria-controls', /.+/);

  const { total, own, files } = await scriptGraphGzip(request, [mount?.url ?? '']);
  const line = `chat ${(total / 1024).toFixed(1)} KB gzip with React and all it imports (${files} files); its own module ${(own / 1024).toFixed(1)} KB`;
  testInfo.annotations.push({ type: 'chat gzip', description: line });
  console.log(`Asisten chat, dimuat saat dibuka: ${line}`);
  expect(own).toBeLessThanOrEqual(10 * 1024);
  await keepScreenshot(page, 'demo-chat-open');
});

test('a question about a class streams an answer that links the class page; Escape closes the panel', async ({ page }) => {
  await page.goto('/');
  const chat = await openChat(page);
  await expect(chat.getByText(CHAT_COPY.intro)).toBeVisible();
  await expect(chat.getByRole('log')).toHaveAttribute('aria-live', 'polite');
  await ask(page, QUESTION);
  const turn = turns(page).first();
  await expect(turn.locator('.chat-turn__question')).toContainText(QUESTION);
  // The answer grows while it streams: the stop button is there until it ends.
  await expect(chat.getByRole('button', { name: 'Hentikan' })).toBeVisible();
  await expect(turn).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  await expect(chat.getByRole('button', { name: 'Hentikan' })).toBeHidden();
  await expect(turn.locator('.chat-turn__text')).not.toBeEmpty();
  await expect(turn.getByText(CHAT_COPY.sources, { exact: true })).toBeVisible();
  await expect(turn.locator(`a[href="${CLASS.path}"]`)).toBeVisible();
  await expect(chat.getByRole('status')).toContainText('Jawaban selesai');
  await keepScreenshot(page, 'demo-chat-answer');

  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');

  // Opened again, the answer is still there, and its source leads to the class page.
  await launcher(page).click();
  await turn.locator(`a[href="${CLASS.path}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${CLASS.path}$`));
});

test('Hentikan stops a long answer where it is, without an error', async ({ page }) => {
  await page.goto('/About');
  const chat = await openChat(page);
  await ask(page, LONG_QUESTION);
  const text = turns(page).first().locator('.chat-turn__text');
  await expect(text).not.toHaveText(/^(Asisten: )?(Sedang menjawab…)?$/);
  await chat.getByRole('button', { name: 'Hentikan' }).click();
  await expect(turns(page).first()).toHaveAttribute('data-state', 'stopped');
  const stoppedAt = await text.textContent();
  await page.waitForTimeout(1500);
  expect(await text.textContent()).toBe(stoppedAt);
  await expect(turns(page).first().getByText('Jawaban dihentikan.', { exact: true })).toBeVisible();
  await expect(chat.getByRole('alert')).toHaveCount(0);
  await expect(chat.locator('.chat-turn__notice')).toHaveCount(0);
  // The question field is usable at once: the next question is answered in full.
  await expect(chat.getByLabel('Pertanyaan Anda')).toBeFocused();
  await ask(page, QUESTION);
  await expect(turns(page).nth(1)).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
});

test('after a reload the conversation and its history are there; deleting it removes it here and on the service', async ({ page }) => {
  await page.goto('/');
  const chat = await openChat(page);
  await ask(page, QUESTION);
  await expect(turns(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  const stored = await page.evaluate(
    (keys) => ({ id: localStorage.getItem(keys.chatConversation), identity: localStorage.getItem(keys.chatIdentity) }),
    STORAGE_KEYS,
  );
  const conversation = JSON.parse(stored.id ?? '""') as string;
  const token = (JSON.parse(stored.identity ?? '{}') as { identity?: { token?: string } }).identity?.token ?? '';
  expect(conversation).toMatch(/^[0-9a-f-]{36}$/);

  await page.reload();
  await openChat(page);
  await expect(turns(page)).toHaveCount(1);
  await expect(turns(page).first().locator('.chat-turn__question')).toContainText(QUESTION);
  // The service's copy brings the sources back too.
  await expect(turns(page).first().locator(`a[href="${CLASS.path}"]`)).toBeVisible();

  await chat.getByRole('button', { name: 'Percakapan baru' }).click();
  await expect(turns(page)).toHaveCount(0);
  await chat.getByRole('button', { name: 'Riwayat' }).click();
  const history = chat.locator('#chat-history');
  await expect(history.getByRole('heading', { name: 'Riwayat percakapan' })).toBeVisible();
  await history.getByRole('button', { name: startsWith(QUESTION) }).click();
  await expect(turns(page)).toHaveCount(1);
  await expect(turns(page).first().locator('.chat-turn__question')).toContainText(QUESTION);

  await chat.getByRole('button', { name: 'Riwayat' }).click();
  await history.getByRole('button', { name: `Hapus percakapan: ${QUESTION}` }).click();
  await expect(history.getByRole('button', { name: startsWith(QUESTION) })).toHaveCount(0);
  await expect(history.getByText('Belum ada percakapan yang tersimpan di perangkat ini.')).toBeVisible();
  await expect(chat.getByRole('status')).toHaveText('Percakapan dihapus.');
  const gone = await page.request.get(`/api/ai/v1/conversations/${conversation}/messages`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);

  await page.reload();
  await openChat(page);
  await expect(turns(page)).toHaveCount(0);
});

test('the open panel passes axe and fits 320 px, with an answer in it', async ({ browser, baseURL }) => {
  const found: string[] = [];
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ baseURL: baseURL as string, viewport });
    const page = await context.newPage();
    await page.goto('/');
    expect(await scrollsSideways(page), `${viewport.width} px, closed`).toBeUndefined();
    const chat = await openChat(page);
    await ask(page, QUESTION);
    await expect(turns(page).first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
    found.push(...(await axeViolations(page, `${viewport.width} px, answer`)));
    expect(await scrollsSideways(page), `${viewport.width} px, open`).toBeUndefined();
    const box = await chat.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
    await chat.getByRole('button', { name: 'Riwayat' }).click();
    found.push(...(await axeViolations(page, `${viewport.width} px, history`)));
    expect(await scrollsSideways(page), `${viewport.width} px, history`).toBeUndefined();
    await chat.getByRole('button', { name: 'Riwayat' }).click();
    await keepScreenshot(page, `demo-chat-${viewport.width}`);
    await context.close();
  }
  expect(found).toEqual([]);
});

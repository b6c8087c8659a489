import { expect, type Page, test } from '@playwright/test';
import { CHAT_COPY } from '~/contract/chat';
import { PASSWORD, registerByApi, signInWithForm, uniqueEmail } from './auth-support';
import { keepScreenshot, tenantOf } from './support';

/**
 * Keyboard-only journeys, with assertions on focus and the accessibility tree (issue 29): the phone
 * menu, the chat, the class browser, a form with an error, and a failed payment. Each runs on two
 * variants (demo's main learning site and SMK Coding's coding school, both with the chat enabled)
 * at 390 and 1280 px.
 */

const SIZES = [
  { name: 'ponsel', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** A paid class open for registration on each variant (playwright.config.ts runs this file on these two). */
const PAID_OPEN_CLASS: Record<string, string> = { demo: '/Class/FIGMA-01', smkcoding: '/Class/BGP-MLG-05' };

/** Where focus is: a short description of the focused element, for messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 40) ?? ''}` : 'tidak ada';
  });

/** Whether the focused element is inside `selector`, and visible (never a link covered by a panel). */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((within) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element?.closest(within)) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && !element.closest('[inert]');
  }, selector);

/** Presses Tab until `done` holds (at most `limit` presses); fails naming where focus got stuck. */
async function tabUntil(page: Page, done: () => Promise<boolean>, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    await page.keyboard.press('Tab');
  }
  expect(await done(), `fokus tidak sampai; terakhir di ${await focused(page)}`).toBe(true);
}

for (const size of SIZES) {
  test.describe(`keyboard on ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the menu: opened and closed with the keyboard, focus kept inside, nothing hidden reachable', async ({ page }, testInfo) => {
      const tenant = tenantOf(testInfo);
      await page.goto('/');
      if (size.width >= 1280) {
        // The bar: every Tab stop of the header is visible, and the first catalogue link is among them.
        const seen: string[] = [];
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          expect(await focusInside(page, 'body'), `tab ${i}: ${await focused(page)}`).toBe(true);
          seen.push((await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '')) || '');
        }
        expect(seen).toContain('/Class');
        return;
      }
      const opener = page.locator('header summary', { hasText: 'Buka menu' });
      await tabUntil(page, async () => opener.evaluate((element) => element === document.activeElement));
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('navigation', { name: 'Navigasi utama (menu)' });
      await expect(drawer).toBeVisible();
      // Twenty Tabs walk the menu round: focus never leaves it for the page under it.
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(page, 'header'), `tab ${i}: ${await focused(page)}`).toBe(true);
      }
      await expect(page.locator('main')).toHaveAttribute('inert', '');
      await keepScreenshot(page, `${tenant.code}-${size.width}-menu-keyboard`);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(opener).toBeFocused();
      await expect(page.locator('main')).not.toHaveAttribute('inert', '');
    });

    test('the chat: opened from its launcher, a question asked, focus held in the dialog, Escape back to the launcher', async ({
      page,
    }) => {
      await page.goto('/About');
      const launcher = page.getByRole('button', { name: CHAT_COPY.launcher });
      await launcher.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: CHAT_COPY.title });
      await expect(dialog).toBeVisible();
      // A modal dialog: the page under it is out of the accessibility tree.
      expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
      const box = dialog.getByRole('textbox');
      await tabUntil(page, async () => box.evaluate((element) => element === document.activeElement));
      await page.keyboard.type('Kelas apa saja yang sedang dibuka?');
      await page.keyboard.press('Enter');
      await expect(dialog.locator('.chat-turn').first()).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
      // Announced once: the finished answer is in the status, and the answer itself does not speak.
      await expect(dialog.getByRole('status')).toContainText('Jawaban selesai');
      await expect(dialog.locator('.chat-turn__answer').first()).toHaveAttribute('aria-live', 'off');
      // A modal <dialog> keeps the focus in it; past its last control the browser's own toolbar may take it
      // (the document then holds none), never the page under the dialog.
      let outside = 0;
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() =>
          document.activeElement === document.body ? 'chrome' : document.activeElement?.closest('dialog') ? 'dialog' : 'page',
        );
        expect(where, `tab ${i}: ${await focused(page)}`).not.toBe('page');
        // One stop in the browser's toolbar at most, then back in the dialog: the focus is never simply lost.
        outside = where === 'chrome' ? outside + 1 : 0;
        expect(outside, `tab ${i}: focus left the dialog`).toBeLessThan(2);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(launcher).toBeFocused();
    });

    test('the class browser: filtered and paged with the keyboard, its title following', async ({ page }) => {
      await page.goto('/Class');
      // The island is awake (Astro drops `ssr` once hydrated): the selects are its own.
      await expect(page.locator('astro-island[component-url*="ClassBrowser"]')).not.toHaveAttribute('ssr', '');
      const before = await page.title();
      if (size.width < 768) {
        const toggle = page.locator('.class-filters-fold > summary');
        await toggle.focus();
        await page.keyboard.press('Enter');
      }
      const state = page.getByLabel('Status', { exact: true });
      await state.focus();
      await page.keyboard.press('ArrowDown');
      // Nothing reloads while the visitor is still choosing…
      await expect(page).toHaveURL(/\/Class$/);
      await page.keyboard.press('Tab');
      // …and leaving the select applies it: the address and the title follow.
      await expect(page).toHaveURL(/\/Class\?state=/);
      await expect.poll(() => page.title()).not.toBe(before);
      await expect.poll(() => page.title()).toMatch(/^Kelas – .*Status: /);
      // The filtered results have arrived (the title follows the address, not the answer): the pager is theirs.
      await expect(page.locator('.class-results [aria-busy="true"]')).toHaveCount(0);
      const next = page.getByRole('navigation', { name: 'Halaman daftar kelas' }).getByRole('link', { name: /Berikutnya/ });
      if (await next.count()) {
        await next.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.title()).toMatch(/halaman 2/);
      }
    });

    test('a form with an error: the message is reached on an enabled field, and fixing it clears it', async ({ page }) => {
      await page.goto('/Register');
      const email = page.getByLabel('Email', { exact: true });
      await email.focus();
      await page.keyboard.type('bukan-email');
      await page.keyboard.press('Tab');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(/email/i);
      // The city cannot be chosen before a province: the field says so and is reachable, never disabled.
      const city = page.getByLabel('Kota/kabupaten');
      await expect(city).toBeEnabled();
      await expect(city).toHaveAccessibleDescription(/Pilih provinsi dahulu/);
      await email.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(uniqueEmail('papan-ketik'));
      await page.keyboard.press('Tab');
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('a payment that fails: the status and the title say so, and the way back is reached with the keyboard', async ({
      page,
      baseURL,
    }, testInfo) => {
      const tenant = tenantOf(testInfo);
      // A paid class open for registration on each of the two variants.
      const path = PAID_OPEN_CLASS[tenant.code];
      if (!path) throw new Error(`no paid open class named for ${tenant.code}`);
      test.setTimeout(90_000);
      const email = uniqueEmail('papan-ketik-bayar');
      await registerByApi(page.request, baseURL ?? '', tenant, email);
      await signInWithForm(page, email, PASSWORD, `/Login?redirect=${encodeURIComponent(path)}`);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const pay = page.locator('.class-pay').getByRole('button', { name: 'Daftar & bayar' });
      await pay.focus();
      await page.keyboard.press('Enter');
      const payNow = page.locator('.class-pay').getByRole('link', { name: /Bayar sekarang/ });
      await payNow.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/api\/sim\/duitku\/pay\//);
      await page.getByRole('button', { name: 'Gagalkan pembayaran', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/CallbackPayment\?/);
      await expect(page.getByRole('heading', { name: 'Pembayaran Gagal' })).toBeVisible();
      await expect.poll(() => page.title()).toMatch(/^Pembayaran gagal/);
      await expect(page.getByText('Sebentar, kami sedang memeriksa')).toHaveCount(0);
      const back = page.getByRole('link', { name: 'Kembali ke halaman kelas untuk mencoba lagi' });
      await tabUntil(page, async () => back.evaluate((element) => element === document.activeElement));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  });
}

/** What the sign-in specs share: a test account, the API sign-up, the /Login form. */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Tenant } from '~/lib/tenant/schema';

export const PASSWORD = 'Rahasia-2026';
export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@contoh.id`;
export const modeOf = (tenant: Tenant) => tenant.setting.login.mode;

/** Creates an account through the auth service, as the /Register form does (faster where the form itself is not under test). */
export async function registerByApi(request: APIRequestContext, baseURL: string, tenant: Tenant, email: string): Promise<void> {
  const response = await request.post(`${baseURL}/api/auth/user/register`, {
    headers: { lmsId: tenant.lmsId },
    data: {
      email,
      name: 'Peserta Uji',
      phone: '081234567890',
      birthDate: '2004-02-29',
      gender: 'P',
      provinceId: '32',
      cityId: '32.73',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      newsletter: false,
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in on the /Login form at `path`. */
export async function signInWithForm(page: Page, email: string, password: string, path = '/Login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** The account page's role: the raw name in `data-role` and its Indonesian label. */
export const roleOnAccountPage = (page: Page) => page.locator('.account__details [data-role]');

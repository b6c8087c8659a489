import type { RegisterRequest } from '~/contract/auth';
import { HEADERS } from '~/contract/common';
import type { TestPlatform } from './platform';
import { fromAddress } from './tokens';

/** A valid /Register form; each test gives its own e-mail. */
export function signUpForm(email: string, overrides: Partial<Record<keyof RegisterRequest, unknown>> = {}) {
  return {
    email,
    name: 'Siti Rahma',
    phone: '+62 812-3456-7890',
    birthDate: '2004-05-17',
    gender: 'P',
    provinceId: '31',
    cityId: '31.71',
    password: 'rahasia-2026',
    passwordRepeat: 'rahasia-2026',
    newsletter: true,
    acceptTerms: true,
    ...overrides,
  };
}

/** POST auth/user/register for tenant `lmsId` from `env`'s address (a fresh one by default). */
export function postSignUp(platform: TestPlatform, lmsId: string, body: unknown, env = fromAddress()) {
  return platform.api.request(
    '/auth/user/register',
    { method: 'POST', headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId }, body: JSON.stringify(body) },
    env,
  );
}

/** Signs up a fresh learner and answers with their access token. */
export async function signUpLearner(platform: TestPlatform, lmsId: string, email: string): Promise<string> {
  const res = await postSignUp(platform, lmsId, signUpForm(email));
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

import {
  type LoginRequest,
  LoginResponseSchema,
  type LoginResult,
  LogoutResponseSchema,
  type RegisterRequest,
  type UserDetail,
  UserDetailResponseSchema,
} from '~/contract/auth';
import type { ApiClient, RequestOptions } from './client';

/*
 * The auth service (SPEC §7). The client does not keep the access token: the caller decides where
 * it lives (stores/session.ts) and hands it over with `client.setCredentials({ accessToken })`.
 */

/** POST generate/token: signs in with e-mail and password; the tenant is the held lms id. */
export async function signIn(client: ApiClient, request: LoginRequest, options?: RequestOptions): Promise<LoginResult> {
  return (await client.call('auth', 'generate/token', LoginResponseSchema, { ...options, method: 'POST', body: request })).data;
}

/** POST user/register: creates an account (the /Register fields) and signs it in. */
export async function register(client: ApiClient, request: RegisterRequest, options?: RequestOptions): Promise<LoginResult> {
  return (await client.call('auth', 'user/register', LoginResponseSchema, { ...options, method: 'POST', body: request })).data;
}

/** POST exchange/token: trades the account login page's one-time code (redirect-login mode) for a sign-in. */
export async function exchangeCode(client: ApiClient, code: string, options?: RequestOptions): Promise<LoginResult> {
  return (await client.call('auth', 'exchange/token', LoginResponseSchema, { ...options, method: 'POST', body: { code } })).data;
}

/** POST user/logout: ends the held sign-in, or with `everywhere` every sign-in of the account; the number ended. */
export async function signOut(client: ApiClient, everywhere = false, options?: RequestOptions): Promise<number> {
  const body = await client.call('auth', 'user/logout', LogoutResponseSchema, { ...options, method: 'POST', body: { everywhere } });
  return body.data.revoked;
}

/** GET user/detail: the signed-in user of the access token (Bearer by default, `authScheme: 'bare'` for the bare token). */
export async function getUserDetail(client: ApiClient, options?: RequestOptions): Promise<UserDetail> {
  return (await client.call('auth', 'user/detail', UserDetailResponseSchema, options)).data;
}

import { type LoginRequest, LoginResponseSchema, type LoginResult, type UserDetail, UserDetailResponseSchema } from '~/contract/auth';
import type { ApiClient, RequestOptions } from './client';

/**
 * POST generate/token on the auth service: signs in with e-mail and password. The tenant is the
 * held lms id. The client does not keep the access token: the caller decides where it lives and
 * hands it over with `client.setCredentials({ accessToken })`.
 */
export async function signIn(client: ApiClient, request: LoginRequest, options?: RequestOptions): Promise<LoginResult> {
  return (await client.call('auth', 'generate/token', LoginResponseSchema, { ...options, method: 'POST', body: request })).data;
}

/** GET user/detail on the auth service: the signed-in user of the access token (Bearer by default, `authScheme: 'bare'` for the bare token). */
export async function getUserDetail(client: ApiClient, options?: RequestOptions): Promise<UserDetail> {
  return (await client.call('auth', 'user/detail', UserDetailResponseSchema, options)).data;
}

import { type UserProfile, UserProfileResponseSchema } from '~/contract/users';
import type { ApiClient, RequestOptions } from './client';

/** GET v1/user/me: the signed-in user's profile and session (`detail_auth`); 401 when signed out. */
export async function getMe(client: ApiClient, options?: RequestOptions): Promise<UserProfile> {
  return (await client.call('main', 'v1/user/me', UserProfileResponseSchema, options)).data;
}

import {
  EmailResendResponseSchema,
  EmailVerifyResponseSchema,
  PasswordChangeResponseSchema,
  PasswordForgotResponseSchema,
  PasswordResetResponseSchema,
} from '~/contract/account';
import type { ApiClient, RequestOptions } from './client';

/*
 * The account's mail links on the auth service: e-mail verification and passwords. The tenant is the
 * held lms id; `resendVerification` and `changePassword` need the held sign-in.
 */

/** POST email/verify: spends the verification link's token; the address now verified. */
export async function verifyEmail(client: ApiClient, token: string, options?: RequestOptions) {
  return (await client.call('auth', 'email/verify', EmailVerifyResponseSchema, { ...options, method: 'POST', body: { token } })).data;
}

/** POST email/resend: mails the signed-in account a new verification link; the address it went to. */
export async function resendVerification(client: ApiClient, options?: RequestOptions) {
  return (await client.call('auth', 'email/resend', EmailResendResponseSchema, { ...options, method: 'POST', body: {} })).data;
}

/** POST password/forgot: the same answer whether or not the address has an account (its message is what to show). */
export async function forgotPassword(client: ApiClient, email: string, options?: RequestOptions): Promise<string> {
  return (await client.call('auth', 'password/forgot', PasswordForgotResponseSchema, { ...options, method: 'POST', body: { email } }))
    .message;
}

/** POST password/reset: the reset link's token and a new password; every sign-in of that account ends. */
export async function resetPassword(client: ApiClient, request: { token: string; password: string }, options?: RequestOptions) {
  return (await client.call('auth', 'password/reset', PasswordResetResponseSchema, { ...options, method: 'POST', body: request })).data;
}

/** POST password/change: the signed-in account's current and new password; its other sign-ins end. */
export async function changePassword(client: ApiClient, request: { currentPassword: string; password: string }, options?: RequestOptions) {
  return (await client.call('auth', 'password/change', PasswordChangeResponseSchema, { ...options, method: 'POST', body: request })).data;
}

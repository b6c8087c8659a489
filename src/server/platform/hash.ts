import { createHash } from 'node:crypto';

/** SHA-256 of a bearer secret (app token, access token): what the database stores instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

import { APP_TOKEN_FORMAT } from '~/contract/constants';

const CIPHER_KEY = /^[0-9a-fA-F]{64}$/;

function bytesOfHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

// btoa rather than Buffer: this runs in browsers as well as in Node.
function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Wraps a token pair into the wire app token of SPEC §7 (`APP_TOKEN_FORMAT`): the code, a dot, then
 * base64url of a random 16-byte counter block followed by AES-256-CTR(`<13-digit ms timestamp>.<token>`)
 * under the tenant's cipher key (64 hex characters). Uses WebCrypto, so it works in browsers and Node.
 *
 * Returns `undefined` when the token or the code is missing (SPEC §5: no app token is produced without
 * both; a half pair could not be verified either). Throws on a malformed cipher key, a programming error.
 */
export async function produceAppToken(
  pair: { token?: string | undefined; code?: string | undefined },
  cipherKeyHex: string,
  now: number = Date.now(),
): Promise<string | undefined> {
  if (!pair.token || !pair.code) return undefined;
  if (!CIPHER_KEY.test(cipherKeyHex)) throw new Error('cipherKey harus 64 karakter heksadesimal (AES-256)');
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', bytesOfHex(cipherKeyHex), 'AES-CTR', false, ['encrypt']);
  const counter = globalThis.crypto.getRandomValues(new Uint8Array(APP_TOKEN_FORMAT.counterBytes));
  const payload = new TextEncoder().encode(`${String(Math.trunc(now)).padStart(13, '0')}.${pair.token}`);
  // length 128: the whole block is the counter, as Node's aes-256-ctr on the server increments it.
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-CTR', counter, length: 128 }, key, payload));
  const wire = new Uint8Array(counter.length + sealed.length);
  wire.set(counter);
  wire.set(sealed, counter.length);
  return `${pair.code}${APP_TOKEN_FORMAT.separator}${base64url(wire)}`;
}

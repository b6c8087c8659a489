import { describe, expect, it } from 'vitest';
import { APP_TOKEN_FORMAT } from '~/contract/authorizer';
import { produceAppToken } from '~/lib/api';
import { openAppToken } from './fakes';

const KEY = '0f'.repeat(32);
const TOKEN = `${'A'.repeat(20)}-_${'z9'.repeat(10)}q`; // 43 base64url characters, like the server's tokens

describe('produceAppToken (SPEC §5, §7)', () => {
  it.each([
    ['both are missing', {}],
    ['the token is missing', { code: 'NUSANTARA-LEARNING' }],
    ['the code is missing', { token: TOKEN }],
    ['both are empty', { token: '', code: '' }],
  ])('produces nothing when %s', async (_, pair) => {
    expect(await produceAppToken(pair, KEY)).toBeUndefined();
  });

  it('wraps the pair so that Node aes-256-ctr opens it to `<13-digit timestamp>.<token>`', async () => {
    const now = 1_767_225_600_123;
    const wire = await produceAppToken({ token: TOKEN, code: 'NUSANTARA-LEARNING' }, KEY, now);
    expect(wire?.startsWith('NUSANTARA-LEARNING.')).toBe(true);
    expect(wire).toMatch(/^NUSANTARA-LEARNING\.[A-Za-z0-9_-]+$/);
    const opened = openAppToken(wire as string, KEY);
    expect(opened.payload).toBe(`${now}.${TOKEN}`);
    expect(opened.payload).toMatch(APP_TOKEN_FORMAT.payload);
  });

  it('stamps the current time by default and uses a fresh counter block each time', async () => {
    const before = Date.now();
    const first = await produceAppToken({ token: TOKEN, code: 'DEMO' }, KEY);
    const second = await produceAppToken({ token: TOKEN, code: 'DEMO' }, KEY);
    const [stamp] = openAppToken(first as string, KEY).payload.split('.');
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
    expect(Number(stamp)).toBeLessThanOrEqual(Date.now());
    expect(openAppToken(first as string, KEY).counter).not.toBe(openAppToken(second as string, KEY).counter);
  });

  it('opens to garbage under another key, so a wrong key cannot pass the server', async () => {
    const wire = await produceAppToken({ token: TOKEN, code: 'DEMO' }, KEY);
    expect(openAppToken(wire as string, 'f0'.repeat(32)).payload).not.toMatch(APP_TOKEN_FORMAT.payload);
  });

  it('refuses a cipher key that is not 32 bytes of hex', async () => {
    await expect(produceAppToken({ token: TOKEN, code: 'DEMO' }, 'abc')).rejects.toThrow(/64 karakter/);
  });
});

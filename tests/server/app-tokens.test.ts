import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTokens } from '~/server/db/schema';
import { tenantClientKeys } from '~/server/platform/keys';
import { dbKinds, platformFor } from './support/platform';
import {
  countRows,
  DEMO_APP_CODE,
  DEMO_ORIGIN,
  expectApiError,
  flipCiphertext,
  fromAddress,
  generateAppToken,
  type IssuedAppToken,
  OTHER_APP_CODE,
  rewritePlaintext,
  signInDemo,
  wrapAppToken,
} from './support/tokens';

/** Every refusal says the same thing, so a caller learns nothing about why a forged token failed. */
const REFUSED = 'AppToken tidak valid atau sudah kedaluwarsa';
const HOUR = 3_600_000;

describe.each(await dbKinds())('app tokens on %s', (kind) => {
  const platform = platformFor(kind);
  let demo: IssuedAppToken;
  let other: IssuedAppToken;

  beforeAll(async () => {
    demo = await generateAppToken(platform);
    other = await generateAppToken(platform, { appCode: OTHER_APP_CODE });
  }, 60_000);

  const validate = (appToken: string, headers: Record<string, string> = {}) =>
    platform.api.request('/v1/authorizer/validate', { headers: { AppToken: appToken, ...headers } });

  const expectRefused = async (appToken: string) => {
    const body = await expectApiError(await validate(appToken), 401);
    expect(body.message).toBe(REFUSED);
  };

  /** The demo token wrapped again with a timestamp the test knows, so its plaintext is known too. */
  const known = (timestamp = Date.now()) => ({
    timestamp: String(timestamp),
    wire: wrapAppToken(demo.pair.code, demo.cipherKey, demo.pair.token, { timestamp }),
  });

  /** The issuance record of a token; the server keeps only its SHA-256. */
  const recordOf = async (token: IssuedAppToken) => {
    const hash = createHash('sha256').update(token.pair.token).digest('hex');
    const [record] = await platform.deps.db.select().from(appTokens).where(eq(appTokens.tokenHash, hash));
    if (!record) throw new Error('issuance record not found');
    return record;
  };

  describe('a genuine token', () => {
    it('validates and names its tenant, scopes and expiry', async () => {
      const res = await validate(demo.wire);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({
        valid: true,
        lmsId: demo.tenant.lmsId,
        code: DEMO_APP_CODE,
        scopes: ['read', 'write'],
        expiresAt: demo.pair.expiresAt,
      });
    });

    it('validates from the client_token cookie as well as from the AppToken header', async () => {
      const res = await platform.api.request('/v1/authorizer/validate', { headers: { Cookie: `client_token=${demo.wire}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).data.lmsId).toBe(demo.tenant.lmsId);
    });

    it('still validates when the site wraps it again with a new timestamp and counter', async () => {
      expect((await validate(known().wire)).status).toBe(200);
    });

    it('tolerates a client clock a minute behind the issuance', async () => {
      const record = await recordOf(demo);
      expect((await validate(known(record.issuedAt.getTime() - 60_000).wire)).status).toBe(200);
    });

    it('each tenant validates its own token', async () => {
      const res = await validate(other.wire);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ lmsId: other.tenant.lmsId, code: OTHER_APP_CODE });
    });
  });

  describe('refused with 401', () => {
    it('when no AppToken is sent', async () => {
      const body = await expectApiError(await platform.api.request('/v1/authorizer/validate'), 401);
      expect(body.message).toBe('AppToken wajib dikirim');
    });

    it('when wrapped with the wrong cipher key', async () => {
      await expectRefused(wrapAppToken(DEMO_APP_CODE, randomBytes(32).toString('hex'), demo.pair.token));
    });

    it.each([
      ['the timestamp rewritten to tomorrow', (t: string, w: string) => rewritePlaintext(w, 0, t, String(Number(t) + 24 * HOUR))],
      [
        'the timestamp rewritten to a day before issuance',
        (t: string, w: string) => rewritePlaintext(w, 0, t, String(Number(t) - 24 * HOUR)),
      ],
      ['the first timestamp digit flipped (far future)', (t: string, w: string) => rewritePlaintext(w, 0, t.slice(0, 1), '9')],
      ['the last timestamp digit turned into a letter', (_t: string, w: string) => flipCiphertext(w, 12, 0x40)],
      ['the separator flipped', (_t: string, w: string) => flipCiphertext(w, 13, 0x01)],
      ['the first token character flipped', (_t: string, w: string) => flipCiphertext(w, 14, 0x01)],
      ['a middle token character flipped', (_t: string, w: string) => flipCiphertext(w, 35, 0x02)],
      ['the last token character flipped', (_t: string, w: string) => flipCiphertext(w, 56, 0x04)],
      ['the first counter byte flipped', (_t: string, w: string) => flipCiphertext(w, -16, 0x01)],
      ['the last counter byte flipped', (_t: string, w: string) => flipCiphertext(w, -1, 0x80)],
    ])('when the ciphertext is tampered: %s', async (_name, tamper) => {
      const { timestamp, wire } = known();
      expect((await validate(wire)).status).toBe(200);
      await expectRefused(tamper(timestamp, wire));
    });

    it.each([
      ['cut in half', (w: string) => w.slice(0, Math.floor(w.length / 2))],
      ['missing its last character', (w: string) => w.slice(0, -1)],
      ['with extra characters', (w: string) => `${w}AAAA`],
      ['only the code and the dot', (w: string) => w.slice(0, w.indexOf('.') + 1)],
      ['only the code', (w: string) => w.slice(0, w.indexOf('.'))],
      ['without the code', (w: string) => w.slice(w.indexOf('.') + 1)],
      ['a lone dot', () => '.'],
      ['garbage', () => 'bukan-token-sama-sekali'],
      ['not base64url', (w: string) => `${DEMO_APP_CODE}.${'!@#$%^&*()'.repeat(8)}`.slice(0, w.length)],
      ['very long', () => `${DEMO_APP_CODE}.${'A'.repeat(4000)}`],
    ])('when the token is %s', async (_name, mangle) => {
      await expectRefused(mangle(demo.wire));
    });

    it('when the AppToken header is empty', async () => {
      await expectApiError(await validate(''), 401);
    });

    it.each(['NOPE', 'nusantara-learning', 'SMKCODING-X'])('when the code prefix is unknown: %s', async (code) => {
      await expectRefused(`${code}${demo.wire.slice(demo.wire.indexOf('.'))}`);
    });

    it("when one tenant's token is re-wrapped with another tenant's code and key (replayed across tenants)", async () => {
      const otherKey = tenantClientKeys(platform.deps.keys, other.tenant).cipherKey;
      await expectRefused(wrapAppToken(OTHER_APP_CODE, otherKey, demo.pair.token));
      await expectRefused(wrapAppToken(DEMO_APP_CODE, demo.cipherKey, other.pair.token));
    });

    it("when one tenant's wire token is sent under another tenant's code", async () => {
      await expectRefused(`${OTHER_APP_CODE}${demo.wire.slice(demo.wire.indexOf('.'))}`);
    });

    it('when the issuance record has expired', async () => {
      const token = await generateAppToken(platform);
      expect((await validate(token.wire)).status).toBe(200);
      const record = await recordOf(token);
      await platform.deps.db
        .update(appTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(appTokens.tokenHash, record.tokenHash));
      await expectRefused(token.wire);
      await expectRefused(wrapAppToken(token.pair.code, token.cipherKey, token.pair.token, { timestamp: Date.now() - 2 * HOUR }));
    });

    it('when the issuance record was revoked', async () => {
      const token = await generateAppToken(platform);
      expect((await validate(token.wire)).status).toBe(200);
      const record = await recordOf(token);
      await platform.deps.db.update(appTokens).set({ revokedAt: new Date() }).where(eq(appTokens.tokenHash, record.tokenHash));
      await expectRefused(token.wire);
    });

    it('when the timestamp is before the issuance (beyond clock skew) or far in the future', async () => {
      const record = await recordOf(demo);
      await expectRefused(known(record.issuedAt.getTime() - HOUR).wire);
      await expectRefused(known(record.issuedAt.getTime() - 10 * 60_000).wire);
      await expectRefused(known(Date.now() + HOUR).wire);
      await expectRefused(known(record.expiresAt.getTime() + 1).wire);
    });

    it('when the token inside was never issued', async () => {
      await expectRefused(wrapAppToken(DEMO_APP_CODE, demo.cipherKey, randomBytes(32).toString('base64url')));
    });
  });

  it('a timestamp rewritten to another moment inside the life of the token grants nothing new: same tenant, scopes and expiry', async () => {
    // CTR is malleable and the cipher key ships in the site, so the timestamp is the holder's to choose;
    // what the token grants comes from the issuance record, which tampering cannot change.
    const { timestamp, wire } = known();
    const shifted = rewritePlaintext(wire, 0, timestamp, String(Number(timestamp) - 1000));
    const res = await validate(shifted);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      valid: true,
      lmsId: demo.tenant.lmsId,
      code: DEMO_APP_CODE,
      scopes: ['read', 'write'],
      expiresAt: demo.pair.expiresAt,
    });
  });

  describe('scope and tenant of the call', () => {
    it('an lmsId header naming another tenant is refused with 403; its own lmsId passes', async () => {
      const body = await expectApiError(await validate(demo.wire, { lmsId: other.tenant.lmsId }), 403);
      expect(body.message).toMatch(/lmsId/);
      expect((await validate(demo.wire, { lmsId: demo.tenant.lmsId })).status).toBe(200);
      await expectApiError(
        await platform.api.request('/v0/cms/app/settings', { headers: { AppToken: demo.wire, lmsId: other.tenant.lmsId } }),
        403,
      );
    });

    it('a read-only token may read settings but a PUT with it is refused with 403 and writes nothing', async () => {
      const readOnly = await generateAppToken(platform, { scopes: ['read'] });
      const admin = await signInDemo(platform, 'admin');
      const settingsPath = `/${DEMO_APP_CODE}/cms/app/settings`;
      const before = await platform.api.request(settingsPath, { headers: { AppToken: readOnly.wire } });
      expect(before.status).toBe(200);
      const { data: stored } = await before.json();

      const res = await platform.api.request(`/${DEMO_APP_CODE}/cms/app/setting/title`, {
        method: 'PUT',
        headers: { AppToken: readOnly.wire, Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ value: 'Judul dari token baca saja' }),
      });
      expect((await expectApiError(res, 403)).message).toMatch(/scope write/);
      const after = await platform.api.request(settingsPath, { headers: { AppToken: readOnly.wire } });
      expect((await after.json()).data).toEqual(stored);
    });
  });

  describe('token/generate refusals write no issuance record', () => {
    const keys = () => tenantClientKeys(platform.deps.keys, demo.tenant);
    const generate = (body: unknown, origin: string | null = DEMO_ORIGIN) =>
      platform.api.request(
        '/v1/authorizer/token/generate',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
          body: JSON.stringify(body),
        },
        fromAddress(),
      );

    it.each([
      ['a wrong secret', () => ({ id: DEMO_APP_CODE, secret: `${keys().clientSecret}x`, scopes: ['read'] })],
      [
        'another tenant’s secret',
        () => ({ id: DEMO_APP_CODE, secret: tenantClientKeys(platform.deps.keys, other.tenant).clientSecret, scopes: ['read'] }),
      ],
      ['an unknown id', () => ({ id: 'TIDAK-ADA', secret: keys().clientSecret, scopes: ['read'] })],
      ['the id in lower case', () => ({ id: DEMO_APP_CODE.toLowerCase(), secret: keys().clientSecret, scopes: ['read'] })],
    ])('401 for %s', async (_name, body) => {
      const before = await countRows(platform);
      const error = await expectApiError(await generate(body()), 401);
      expect(error.message).toBe('id atau secret aplikasi salah');
      expect(await countRows(platform)).toEqual(before);
    });

    it.each([
      ['no Origin', null],
      ['Origin "null"', 'null'],
      ['a foreign Origin', 'https://evil.example'],
      ['a look-alike Origin', 'https://localhost.evil.example'],
      ["another tenant's host", 'http://smkcoding.localhost:4321'],
      ["another tenant's public host", 'https://smkcoding.example'],
    ])('403 for %s', async (_name, origin) => {
      const before = await countRows(platform);
      const body = { id: DEMO_APP_CODE, secret: keys().clientSecret, scopes: ['read'] };
      expect((await expectApiError(await generate(body, origin), 403)).message).toBe('Origin bukan host milik tenant ini');
      expect(await countRows(platform)).toEqual(before);
    });

    it.each([
      ['an unknown scope', ['read', 'admin'], 'scopes.1'],
      ['no scopes', [], 'scopes'],
      ['scopes as a string', 'read', 'scopes'],
    ])('400 naming scopes for %s', async (_name, scopes, field) => {
      const before = await countRows(platform);
      const error = await expectApiError(await generate({ id: DEMO_APP_CODE, secret: keys().clientSecret, scopes }), 400);
      expect(error.fields?.map((f) => f.field)).toEqual([field]);
      expect(error.message).toContain(field);
      expect(await countRows(platform)).toEqual(before);
    });

    it("every one of the tenant's hosts may generate", async () => {
      for (const origin of ['https://nusantaralearning.example', 'http://demo.localhost:4321', 'http://127.0.0.1:8080']) {
        const res = await generate({ id: DEMO_APP_CODE, secret: keys().clientSecret, scopes: ['read'] }, origin);
        expect(res.status, origin).toBe(201);
      }
    });
  });
});

import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, WebhookBodySchema, webhookHeaders } from '~/server/builds/webhooks';

/** The example of the Standard Webhooks specification, which every conforming library reproduces. */
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const signedAt = SPEC.timestamp * 1000;
const headersOf = (signature = SPEC.signature, timestamp = String(SPEC.timestamp)) => ({ id: SPEC.id, timestamp, signature });

describe('Standard Webhooks signatures', () => {
  it('signs the specification example exactly as its libraries do', () => {
    expect(signWebhook(SPEC.secret, SPEC.id, SPEC.timestamp, SPEC.body)).toBe(SPEC.signature);
  });

  it('accepts the example on time, and one of several signatures (a sender rotating secrets)', () => {
    expect(verifyWebhook(SPEC.secret, headersOf(), SPEC.body, signedAt)).toEqual({ ok: true });
    const rotating = `v1,${Buffer.alloc(32, 7).toString('base64')} v2,abc ${SPEC.signature}`;
    expect(verifyWebhook(SPEC.secret, headersOf(rotating), SPEC.body, signedAt)).toEqual({ ok: true });
  });

  it('refuses a changed body, id or timestamp, another secret, and a signature of another scheme', () => {
    const forged = { ok: false, reason: 'forged' };
    expect(verifyWebhook(SPEC.secret, headersOf(), '{"test": 2432232315}', signedAt)).toEqual(forged);
    expect(verifyWebhook(SPEC.secret, { ...headersOf(), id: 'msg_other' }, SPEC.body, signedAt)).toEqual(forged);
    expect(verifyWebhook(SPEC.secret, headersOf(SPEC.signature, String(SPEC.timestamp + 1)), SPEC.body, signedAt)).toEqual(forged);
    expect(verifyWebhook(newWebhookSecret(), headersOf(), SPEC.body, signedAt)).toEqual(forged);
    expect(verifyWebhook(SPEC.secret, headersOf(SPEC.signature.replace('v1,', 'v1a,')), SPEC.body, signedAt)).toEqual(forged);
    expect(verifyWebhook(SPEC.secret, headersOf('v1,'), SPEC.body, signedAt)).toEqual(forged);
    expect(verifyWebhook(SPEC.secret, headersOf(SPEC.signature, '1614265330.5'), SPEC.body, signedAt)).toEqual(forged);
  });

  it('takes 5 minutes of clock difference either way, and refuses more as stale', () => {
    const minutes = (n: number) => n * 60_000;
    expect(verifyWebhook(SPEC.secret, headersOf(), SPEC.body, signedAt + minutes(4.9))).toEqual({ ok: true });
    expect(verifyWebhook(SPEC.secret, headersOf(), SPEC.body, signedAt - minutes(4.9))).toEqual({ ok: true });
    expect(verifyWebhook(SPEC.secret, headersOf(), SPEC.body, signedAt + minutes(5.1))).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhook(SPEC.secret, headersOf(), SPEC.body, signedAt - minutes(5.1))).toEqual({ ok: false, reason: 'stale' });
  });

  it('says which header is missing rather than calling it forged', () => {
    expect(verifyWebhook(SPEC.secret, { id: SPEC.id, timestamp: String(SPEC.timestamp) }, SPEC.body, signedAt)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyWebhook(SPEC.secret, { ...headersOf(), id: '' }, SPEC.body, signedAt)).toEqual({ ok: false, reason: 'missing' });
  });

  it('makes distinct whsec_ secrets whose headers verify', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(a).not.toBe(b);
    const body = JSON.stringify({ type: 'post.updated', tenant: 'demo', ids: [1] });
    const headers = webhookHeaders(a, 'msg_1', body);
    const check = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'] };
    expect(verifyWebhook(a, check, body)).toEqual({ ok: true });
    expect(verifyWebhook(b, check, body)).toEqual({ ok: false, reason: 'forged' });
  });
});

describe('webhook body', () => {
  it('takes {type, tenant, ids} with ids defaulting to none', () => {
    expect(WebhookBodySchema.parse({ type: 'post.updated', tenant: 'demo', ids: [3, 'judul'] })).toEqual({
      type: 'post.updated',
      tenant: 'demo',
      ids: [3, 'judul'],
    });
    expect(WebhookBodySchema.parse({ type: 'settings.updated', tenant: 'demo' }).ids).toEqual([]);
  });

  it('refuses a body without a type or tenant, or with ids that are not strings or numbers', () => {
    expect(WebhookBodySchema.safeParse({ tenant: 'demo' }).success).toBe(false);
    expect(WebhookBodySchema.safeParse({ type: 'post.updated' }).success).toBe(false);
    expect(WebhookBodySchema.safeParse({ type: 'post.updated', tenant: 'demo', ids: [{ id: 1 }] }).success).toBe(false);
    expect(WebhookBodySchema.safeParse({ type: ' ', tenant: 'demo' }).success).toBe(false);
  });
});

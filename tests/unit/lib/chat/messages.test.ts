import { describe, expect, it } from 'vitest';
import { RESPONSE_STREAM_ERROR } from '~/contract/chat';
import { ApiRequestError } from '~/lib/api/errors';
import { CHAT_BROKEN_OFF, CHAT_OFFLINE, CHAT_TROUBLE, chatFailureText } from '~/lib/chat/messages';

const NOW = new Date('2026-05-04T07:00:10.000Z');

describe('chatFailureText: what the visitor reads when a question fails (SPEC §8)', () => {
  it('shows "Response stream error" for an answer without a body (SPEC §5)', () => {
    expect(chatFailureText(new Error(RESPONSE_STREAM_ERROR), false, { now: NOW, online: true })).toBe(RESPONSE_STREAM_ERROR);
  });

  it('gives the API’s own message for a refusal, a 429 with the time to ask again', () => {
    expect(chatFailureText(new ApiRequestError(404, 'Workspace tidak ditemukan'), false, { now: NOW, online: true })).toBe(
      'Workspace tidak ditemukan',
    );
    const busy = new ApiRequestError(429, 'Terlalu banyak pertanyaan', undefined, { retryAfterSeconds: 120 });
    expect(chatFailureText(busy, false, { now: NOW, online: true })).toBe('Terlalu banyak pertanyaan. Coba lagi pukul 14.03 WIB.');
    expect(chatFailureText(new ApiRequestError(503, 'Service Unavailable'), false, { now: NOW, online: true })).toBe(CHAT_TROUBLE);
  });

  it('says offline when nothing answered, and that the answer broke off when part of it came', () => {
    expect(chatFailureText(new TypeError('Failed to fetch'), false, { now: NOW, online: true })).toBe(CHAT_OFFLINE);
    expect(chatFailureText(new TypeError('network error'), true, { now: NOW, online: true })).toBe(CHAT_BROKEN_OFF);
    expect(chatFailureText(new Error('aneh'), false, { now: NOW, online: true })).toBe(CHAT_BROKEN_OFF);
  });
});

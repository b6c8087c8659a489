import { describe, expect, it } from 'vitest';
import { countdownText, EXPIRED_TEXT, remainingMs, validityText } from '~/lib/payments/countdown';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('countdownText', () => {
  it('writes hours and minutes while an hour or more is left, rounded down', () => {
    expect(countdownText(24 * H - 1)).toBe('23 jam 59 menit');
    expect(countdownText(H)).toBe('1 jam 0 menit');
    expect(countdownText(5 * H + 7 * M + 59 * S)).toBe('5 jam 7 menit');
  });

  it('writes minutes and two-digit seconds in the last hour, seconds alone in the last minute', () => {
    expect(countdownText(4 * M + 5 * S)).toBe('4 menit 05 detik');
    expect(countdownText(59 * M + 59 * S + 999)).toBe('59 menit 59 detik');
    expect(countdownText(42 * S + 500)).toBe('42 detik');
    expect(countdownText(1)).toBe('0 detik');
  });

  it('writes days and hours past a day', () => {
    expect(countdownText(2 * 24 * H + 3 * H + 10 * M)).toBe('2 hari 3 jam');
  });

  it('says Kedaluwarsa at and past the expiry, and for an unreadable time', () => {
    expect(countdownText(0)).toBe(EXPIRED_TEXT);
    expect(countdownText(-5 * S)).toBe('Kedaluwarsa');
    expect(countdownText(remainingMs('bukan tanggal'))).toBe('Kedaluwarsa');
  });

  it('counts from now to the expiry time', () => {
    const now = Date.parse('2026-05-04T07:00:00Z');
    expect(remainingMs('2026-05-04T14:04:05+07:00', now)).toBe(4 * M + 5 * S);
    expect(countdownText(remainingMs('2026-05-05T07:00:00Z', now + S))).toBe('23 jam 59 menit');
  });
});

describe('validityText', () => {
  it('writes the validity in hours (a comma for a fraction) or in minutes below an hour', () => {
    expect(validityText(24)).toBe('24 jam');
    expect(validityText(1.5)).toBe('1,5 jam');
    expect(validityText(0.5)).toBe('30 menit');
    expect(validityText(0.001)).toBe('1 menit');
  });
});

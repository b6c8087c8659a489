import { formatClock, formatDay } from '~/lib/format/dates';

/*
 * An invoice's remaining time as the learner reads it, in Indonesian: hours and minutes while there
 * is an hour or more, minutes and seconds in the last hour, then 'Kedaluwarsa'.
 */

export const EXPIRED_TEXT = 'Kedaluwarsa';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds from `now` until `expiresAt` (negative once past; NaN for an unreadable time). */
export const remainingMs = (expiresAt: string, now: number = Date.now()): number => Date.parse(expiresAt) - now;

/**
 * '1 hari 3 jam', '23 jam 59 menit', '4 menit 05 detik', '42 detik', then 'Kedaluwarsa'. Time is
 * rounded down, so the text never promises more than is left.
 */
export function countdownText(ms: number): string {
  if (!(ms > 0)) return EXPIRED_TEXT;
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const seconds = Math.floor((ms % MINUTE) / SECOND);
  if (days > 0) return `${days} hari ${hours} jam`;
  if (hours > 0) return `${hours} jam ${minutes} menit`;
  if (minutes > 0) return `${minutes} menit ${pad(seconds)} detik`;
  return `${seconds} detik`;
}

/** The validity an invoice was issued with: '24 jam', '30 menit', '1,5 jam'. */
export function validityText(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} menit`;
  const rounded = Math.round(hours * 10) / 10;
  return `${String(rounded).replace('.', ',')} jam`;
}

/** A moment in Jakarta time, as the invoice and payout lists show it: `Senin, 4 Mei 2026, 14.31 WIB`. */
export const momentText = (iso: string): string => `${formatDay(iso, 'WIB')}, ${formatClock(iso, 'WIB')} WIB`;

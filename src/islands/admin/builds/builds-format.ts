import type { BuildHistoryJob, BuildJobStatus } from '~/contract/builds';

/* How the build history reads in Indonesian: statuses, triggers, durations, pages and a log's tail. */

/** Each job status of `contract/builds.ts` as the console names it, with its badge's tone. */
export const JOB_STATUS: Record<BuildJobStatus, { label: string; tone: 'info' | 'warning' | 'success' | 'danger' | 'muted' }> = {
  scheduled: { label: 'terjadwal', tone: 'muted' },
  queued: { label: 'antre', tone: 'warning' },
  running: { label: 'berjalan', tone: 'info' },
  done: { label: 'selesai', tone: 'success' },
  failed: { label: 'gagal', tone: 'danger' },
};

/** A job still under way: the history is asked again every 2 s while one is. */
export const isActive = (job: Pick<BuildHistoryJob, 'status'>): boolean => job.status === 'queued' || job.status === 'running';

const TRIGGERS: Record<string, string> = {
  cms: 'Perubahan konten',
  webhook: 'Webhook CMS',
  api: 'Permintaan admin',
  start: 'Server dimulai',
  cli: 'Baris perintah',
  seed: 'Data awal',
  schedule: 'Jadwal konten',
};

/** What asked for a job, in words; an unknown trigger as it is. */
export const triggerLabel = (trigger: string): string => TRIGGERS[trigger] ?? trigger;

/** `1 j 02 mnt`, `3 mnt 05 dtk`, `12 dtk`. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds < 60) return `${seconds} dtk`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} mnt ${pad(seconds % 60)} dtk`;
  return `${Math.floor(minutes / 60)} j ${pad(minutes % 60)} mnt`;
}

/** How long the job took, or has run so far at `now`; a dash before it started. */
export function jobDuration(job: BuildHistoryJob, now: number): string {
  if (job.durationMs !== null) return durationText(job.durationMs);
  if (job.status === 'running' && job.startedAt) return `${durationText(now - new Date(job.startedAt).getTime())} sejauh ini`;
  return '—';
}

/** `340 halaman (12 dibuat ulang)`, or a dash until the job is done. */
export function jobPages(job: BuildHistoryJob): string {
  if (job.pages === null) return '—';
  const rendered = job.rendered === null || job.rendered === job.pages ? '' : ` (${job.rendered} dibuat ulang)`;
  return `${job.pages} halaman${rendered}`;
}

/** The last `lines` lines of a log, without the trailing blank ones. */
export function logTail(log: string, lines = 30): string {
  return log.replace(/\s+$/, '').split('\n').slice(-lines).join('\n');
}

import type { BuildHistoryJob } from '~/contract/builds';
import { formatStamp } from '../kit';
import { JOB_STATUS, jobDuration, jobPages, logTail, triggerLabel } from './builds-format';

const COLUMNS = 6;

/** A job's status as a badge, with its attempts once there was more than one. */
function StatusBadge({ job }: { job: BuildHistoryJob }) {
  const { label, tone } = JOB_STATUS[job.status];
  return (
    <>
      <span className={`admin-badge admin-badge--${tone}`}>{label}</span>
      {job.attempts > 1 && (
        <span className="admin-cell-note">
          percobaan {job.attempts} dari {job.maxAttempts}
        </span>
      )}
    </>
  );
}

/** Why a failed job failed: its error and the last 30 lines of its log, folded. */
function FailureLog({ job }: { job: BuildHistoryJob }) {
  const tail = logTail(job.log);
  return (
    <details className="build-log">
      <summary>Lihat penyebab gagal build #{job.id}</summary>
      {job.error && (
        <p>
          <strong>Galat:</strong> {job.error}
        </p>
      )}
      {tail ? (
        <>
          <p>Akhir log:</p>
          <pre>{tail}</pre>
        </>
      ) : (
        <p>Log build ini kosong.</p>
      )}
    </details>
  );
}

function JobRows({ job, now }: { job: BuildHistoryJob; now: number }) {
  return (
    <>
      <tr>
        <th scope="row">
          #{job.id}
          <span className="admin-cell-note">
            {job.full ? 'seluruh situs' : `${job.changes} perubahan`} · {triggerLabel(job.trigger)}
          </span>
        </th>
        <td>
          <StatusBadge job={job} />
        </td>
        <td>
          {formatStamp(job.createdAt)}
          {job.startedAt && <span className="admin-cell-note">mulai {formatStamp(job.startedAt)}</span>}
        </td>
        <td>{jobDuration(job, now)}</td>
        <td>{jobPages(job)}</td>
        <td>{job.buildId ? <code className="build-id">{job.buildId}</code> : '—'}</td>
      </tr>
      {job.status === 'failed' && (
        <tr className="build-jobs__log">
          <td colSpan={COLUMNS}>
            <FailureLog job={job} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The job history, scheduled job first then newest first; a failed job's log under its row. */
export function BuildJobs({ jobs, now }: { jobs: BuildHistoryJob[]; now: number }) {
  return (
    <section aria-labelledby="build-jobs">
      <h2 id="build-jobs">Riwayat build</h2>
      {jobs.length === 0 ? (
        <p>
          Belum ada build yang tercatat untuk situs ini. Build berjalan sendiri setelah konten diterbitkan atau diubah; Anda juga dapat
          memintanya dengan Build ulang sekarang.
        </p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard.
        <section className="admin-table-wrap" tabIndex={0} aria-labelledby="build-jobs">
          <table className="admin-table build-jobs">
            <thead>
              <tr>
                <th scope="col">Build</th>
                <th scope="col">Status</th>
                <th scope="col">Waktu</th>
                <th scope="col">Durasi</th>
                <th scope="col">Halaman</th>
                <th scope="col">Hasil</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <JobRows key={job.id} job={job} now={now} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

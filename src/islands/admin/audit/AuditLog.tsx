import type { AdminViewer } from '~/lib/admin/viewer';
import type { ApiClient } from '~/lib/api/client';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { Pager, useStaffClient } from '../kit';
import { AuditRow } from './audit-entry';
import { AuditFilters } from './audit-filters';
import { type AuditLogState, useAuditLog } from './audit-state';
import '../console.css';

/** The standing status line: loading, or how many entries the filters hold. */
function statusText(log: AuditLogState): string {
  if (!log.ready) return '';
  if (log.loading) return 'Memuat log audit…';
  if (!log.result) return '';
  const filtered = Boolean(log.filters.action || log.filters.actor || log.filters.from || log.filters.to);
  const total = log.result.totalItems;
  if (total === 0) return filtered ? 'Tidak ada entri yang cocok dengan saringan ini.' : 'Belum ada perubahan yang tercatat.';
  return `${total} entri${filtered ? ' cocok dengan saringan' : ''}, terbaru lebih dulu.`;
}

function Entries({ log }: { log: AuditLogState }) {
  const { result } = log;
  if (!log.ready) return <p className="admin-hint">Lengkapi saringan di atas untuk menampilkan log.</p>;
  if (!result || result.items.length === 0) return null;
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard. */}
      <section className="admin-table-wrap" tabIndex={0} aria-label="Log audit">
        <table className="admin-table audit-table">
          <thead>
            <tr>
              <th scope="col">Waktu</th>
              <th scope="col">Pelaku</th>
              <th scope="col">Tindakan</th>
              <th scope="col">Sasaran</th>
              <th scope="col">Perubahan</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </section>
      <Pager page={result.page} pages={result.totalPages} onPage={log.setPage} label="Halaman log audit" />
    </>
  );
}

function Log({ client }: { client: ApiClient }) {
  const log = useAuditLog(client);
  return (
    <div className="admin-stack">
      <AuditFilters log={log} />
      <p className="admin-status" role="status">
        {statusText(log)}
      </p>
      {log.error && (
        <div className="form-alert" role="alert">
          <p>Log audit belum dapat dimuat. {log.error}</p>
          <button type="button" className="btn btn--secondary" onClick={log.reload}>
            Coba lagi
          </button>
        </div>
      )}
      <Entries log={log} />
    </div>
  );
}

/**
 * /Admin/Audit (admins and superadmins): every staff write of the tenant, newest first, 20 a page:
 * when, who (name and role as they were), the action in words, its target, and the changed fields
 * before and after. Filters: action, actor (a name or e-mail looked up among the tenant's people), days.
 */
function AuditSection() {
  const client = useStaffClient();
  if (!client) return <p role="status">Memuat log audit…</p>;
  return <Log client={client} />;
}

/** The /Admin/Audit island (`client:load`). */
export default function AuditLog(_props: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="AuditLog">
      <AuditSection />
    </IslandBoundary>
  );
}

import { useState } from 'react';
import type { AdminViewer } from '~/lib/admin/viewer';
import type { ApiClient } from '~/lib/api/client';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { Notice, Pager, useStaffClient } from '../kit';
import { PeopleFilters } from './people-filters';
import { PersonRow } from './people-row';
import { usePeople } from './people-state';
import '../console.css';

/** What the list holds, for the standing status line. */
function countText(total: number, filtered: boolean): string {
  if (total === 0) return filtered ? 'Tidak ada akun yang cocok dengan saringan ini.' : 'Belum ada akun di situs ini.';
  return `${total} akun${filtered ? ' cocok dengan saringan' : ''}.`;
}

function PeopleTable({ client, viewer }: { client: ApiClient; viewer: AdminViewer }) {
  const list = usePeople(client);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const { result, filters } = list;
  const filtered = Boolean(filters.search.trim() || filters.role || filters.status);

  return (
    <div className="admin-stack">
      <PeopleFilters list={list} />
      <p className="admin-status" role="status">
        {list.loading ? 'Memuat daftar pengguna…' : result ? countText(result.totalItems, filtered) : ''}
      </p>
      {list.error && (
        <div className="form-alert" role="alert">
          <p>Daftar pengguna belum dapat dimuat. {list.error}</p>
          <button type="button" className="btn btn--secondary" onClick={list.reload}>
            Coba lagi
          </button>
        </div>
      )}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {result && result.items.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard.
        <section className="admin-table-wrap" tabIndex={0} aria-label="Daftar pengguna">
          <table className="admin-table people-table">
            <thead>
              <tr>
                <th scope="col">Nama dan email</th>
                <th scope="col">Peran</th>
                <th scope="col">Verifikasi</th>
                <th scope="col">Status</th>
                <th scope="col">Masuk terakhir</th>
                <th scope="col">Tindakan</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  viewer={viewer}
                  client={client}
                  onChanged={(changed, text) => {
                    list.replace(changed);
                    setNotice({ tone: 'info', text });
                  }}
                  onFailed={(text) => setNotice({ tone: 'error', text })}
                />
              ))}
            </tbody>
          </table>
        </section>
      )}
      {result && <Pager page={result.page} pages={result.totalPages} onPage={list.setPage} label="Halaman daftar pengguna" />}
    </div>
  );
}

/**
 * /Admin/Pengguna (admins and superadmins): the tenant's accounts, searched by name or e-mail and
 * filtered by role and status, 20 a page; a role change, 'Nonaktifkan' and 'Aktifkan kembali' on
 * each row but the viewer's own (and, for an admin, a superadmin's). The API decides; its refusals
 * are shown in its own words.
 */
function PeopleSection({ viewer }: { viewer: AdminViewer }) {
  const client = useStaffClient();
  if (!client) return <p role="status">Memuat daftar pengguna…</p>;
  return <PeopleTable client={client} viewer={viewer} />;
}

/** The /Admin/Pengguna island (`client:load`). */
export default function People({ viewer }: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="People">
      <PeopleSection viewer={viewer} />
    </IslandBoundary>
  );
}

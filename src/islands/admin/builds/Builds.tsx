import { useEffect, useState } from 'react';
import type { KeptBuild } from '~/contract/builds';
import type { AdminViewer } from '~/lib/admin/viewer';
import { requestBuild, rollbackBuild } from '~/lib/api/builds';
import type { ApiClient } from '~/lib/api/client';
import { readPageConfig } from '~/lib/api/page-config';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { Notice, useStaffClient } from '../kit';
import { BuildJobs } from './builds-jobs';
import { KeptBuilds, LiveBuild } from './builds-kept';
import { useBuildHistory } from './builds-state';
import '../console.css';

/** The section once the client and the tenant's app code are known. */
function History({ client, code }: { client: ApiClient; code: string }) {
  const { history, error, news, reload } = useBuildHistory(client, code);
  // The latest thing that happened (a request, a rollback, a job that ended), said once in the status line.
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (news) setSaid(news);
  }, [news]);

  const rebuild = async () => {
    const { jobId } = await requestBuild(client, code);
    setSaid(`Build #${jobId} masuk antrean. Statusnya diperbarui di riwayat di bawah.`);
    reload();
  };
  const rollback = async (build: KeptBuild) => {
    const { live } = await rollbackBuild(client, code, build.id);
    setSaid(`Build ${live} sekarang live; pengunjung sudah melihatnya.`);
    reload();
  };

  if (!history)
    return error ? (
      <div className="form-alert" role="alert">
        <p>Riwayat build belum dapat dimuat. {error}</p>
        <button type="button" className="btn btn--secondary" onClick={reload}>
          Coba lagi
        </button>
      </div>
    ) : (
      <p role="status">Memuat riwayat build…</p>
    );

  return (
    <div className="admin-stack">
      <p className="admin-status" role="status">
        {said}
      </p>
      {error && (
        <Notice tone="error">Riwayat belum dapat diperbarui: {error} Yang tampil adalah data terakhir yang berhasil dimuat.</Notice>
      )}
      <LiveBuild history={history} onRebuild={rebuild} />
      <KeptBuilds history={history} onRollback={rollback} />
      <BuildJobs jobs={history.jobs} now={Date.now()} />
    </div>
  );
}

/**
 * /Admin/Build (admins): the live build, the kept builds with 'Jadikan live' (rollback), the job
 * history with a failed job's log, and 'Build ulang sekarang'; asked again every 2 s while a job is
 * queued or running. The tenant is the page's own (its app code from the page config).
 */
function BuildsSection() {
  const client = useStaffClient();
  if (!client) return <p role="status">Memuat riwayat build…</p>;
  const code = readPageConfig()?.appCode;
  if (!code) return <Notice tone="error">Kode aplikasi situs ini tidak ditemukan di halaman. Muat ulang halaman.</Notice>;
  return <History client={client} code={code} />;
}

/** The /Admin/Build island (`client:load`). */
export default function Builds(_props: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="Builds">
      <BuildsSection />
    </IslandBoundary>
  );
}

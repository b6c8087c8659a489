import type { BuildHistory, KeptBuild } from '~/contract/builds';
import { ConfirmButton, formatStamp } from '../kit';

/** A build's time as the console writes it, or undefined when it has none (or none that reads as a time). */
export function builtText(builtAt: string | undefined): string | undefined {
  if (!builtAt || Number.isNaN(new Date(builtAt).getTime())) return undefined;
  return formatStamp(builtAt);
}

interface LiveProps {
  history: BuildHistory;
  onRebuild: () => Promise<void>;
}

/** The build visitors see now, and 'Build ulang sekarang'. */
export function LiveBuild({ history, onRebuild }: LiveProps) {
  const live = history.builds.find((build) => build.id === history.live);
  const when = builtText(live?.builtAt);
  return (
    <section className={history.live ? 'build-live' : 'build-live build-live--none'} aria-labelledby="build-live">
      <h2 id="build-live">Build yang live</h2>
      {history.live ? (
        <dl className="build-live__facts">
          <div>
            <dt>Build</dt>
            <dd>
              <code className="build-id">{history.live}</code>
            </dd>
          </div>
          <div>
            <dt>Dibuat</dt>
            <dd>{when ?? 'Waktu pembuatan tidak tercatat'}</dd>
          </div>
        </dl>
      ) : (
        <p>
          Belum ada build yang live tercatat di server ini. Situs dibangun setelah konten diterbitkan atau saat Anda meminta build ulang;
          bila situs dibangun oleh server lain, riwayatnya ada di sana.
        </p>
      )}
      <ConfirmButton label="Build ulang sekarang" title="Build ulang seluruh situs?" confirmLabel="Ya, build ulang" onConfirm={onRebuild}>
        <p>
          Semua halaman situs {history.tenant} dibangun ulang dari data terbaru dan menjadi live begitu build selesai (biasanya beberapa
          menit). Sampai itu, pengunjung tetap melihat build yang live sekarang. Bila sudah ada build yang antre, permintaan ini digabung
          dengannya.
        </p>
      </ConfirmButton>
    </section>
  );
}

interface KeptProps {
  history: BuildHistory;
  onRollback: (build: KeptBuild) => Promise<void>;
}

/** The kept builds, newest first: each but the live one can be made live again. */
export function KeptBuilds({ history, onRollback }: KeptProps) {
  return (
    <section className="build-kept" aria-labelledby="build-kept">
      <h2 id="build-kept">Build tersimpan</h2>
      <p className="admin-hint">Build sebelumnya disimpan agar situs dapat dikembalikan ke salah satunya bila ada yang keliru.</p>
      {history.builds.length === 0 ? (
        <p>Belum ada build tersimpan.</p>
      ) : (
        <ul className="build-kept__list">
          {history.builds.map((build) => (
            <li key={build.id} data-build-id={build.id} data-live={build.live || undefined}>
              <div className="build-kept__what">
                <code className="build-id">{build.id}</code>
                <span className="admin-hint">dibuat {builtText(build.builtAt) ?? 'pada waktu yang tidak tercatat'}</span>
              </div>
              {build.live ? (
                <span className="admin-badge admin-badge--success">live sekarang</span>
              ) : (
                <ConfirmButton
                  label="Jadikan live"
                  title="Jadikan build ini live?"
                  confirmLabel="Jadikan live"
                  onConfirm={() => onRollback(build)}
                >
                  <p>
                    Build <code className="build-id">{build.id}</code>
                    {builtText(build.builtAt) ? ` (dibuat ${builtText(build.builtAt)})` : ''} menggantikan build{' '}
                    {history.live ? <code className="build-id">{history.live}</code> : 'yang live sekarang'}.
                  </p>
                  <p>
                    <strong>Pengunjung langsung melihatnya</strong> begitu Anda menekan Jadikan live: perubahan konten setelah build itu
                    dibuat tidak tampil sampai build berikutnya. Build yang live sekarang tetap tersimpan, jadi bisa dijadikan live lagi.
                  </p>
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

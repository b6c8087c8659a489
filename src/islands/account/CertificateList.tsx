import { useEffect, useState } from 'react';
import { type Certificate, certificatePath } from '~/contract/certificates';
import { downloadCertificatePdf, listMyCertificates } from '~/lib/api/certificates';
import { formatDate } from '~/lib/format/dates';
import { DownloadButton } from '../payments/DownloadButton';
import { appClient } from '../shared/app-client';
import { failureText } from './failure-text';

type View = { kind: 'loading' } | { kind: 'ready'; items: Certificate[] } | { kind: 'failed'; message: string };

/**
 * The list of 'Sertifikat saya' (GET v1/certificate/mine), in its own chunk (Certificates.tsx loads it
 * on first render): each certificate with its title, kind and date, a link to its public page
 * (/Sertifikat/{id}, the address to share) and its PDF, fetched through the page's client and saved as
 * a file (`DownloadButton`, as the receipts and calendar files); a revoked one says when and why, with
 * no PDF. With none yet, it says how one is earned. Each certificate an `<h3>`.
 */
export function CertificateList() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again.
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const items = await listMyCertificates(await appClient());
        if (live) setView({ kind: 'ready', items });
      } catch (error) {
        if (live) setView({ kind: 'failed', message: `Daftar sertifikat belum dapat dimuat. ${failureText(error)}` });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  if (view.kind === 'loading') return <p role="status">Memuat sertifikat…</p>;
  if (view.kind === 'failed')
    return (
      <div className="form-alert" role="alert">
        <p>{view.message}</p>
        <button className="btn btn--secondary" type="button" onClick={() => setAttempt((n) => n + 1)}>
          Coba lagi
        </button>
      </div>
    );
  if (view.items.length === 0)
    return (
      <div className="certificates__empty" data-certificates-empty>
        <p>Anda belum memiliki sertifikat.</p>
        <p>
          Sertifikat kursus terbit otomatis setelah Anda membaca semua bab sebuah kursus; sertifikat kelas terbit setelah admin menyatakan
          Anda lulus. <a href="/Courses">Lihat kursus</a>
        </p>
      </div>
    );

  return (
    <ul className="certificates" aria-label="Sertifikat Anda">
      {view.items.map((certificate) => (
        <li
          className="certificates__item"
          key={certificate.id}
          data-certificate={certificate.id}
          data-revoked={certificate.revokedAt ? '' : undefined}
        >
          <h3 className="certificates__title">
            <a href={certificatePath(certificate.id)}>{certificate.title}</a>
          </h3>
          <p className="certificates__meta">
            {certificate.kind === 'course' ? 'Kursus' : 'Kelas'} · terbit {formatDate(certificate.issuedAt, 'WIB')}
          </p>
          {certificate.revokedAt ? (
            <p className="certificates__revoked">
              <strong>Dicabut</strong> pada {formatDate(certificate.revokedAt, 'WIB')}. Alasan: {certificate.revokedReason}
            </p>
          ) : (
            <p>
              <DownloadButton
                className="btn btn--secondary"
                label={
                  <>
                    Unduh PDF<span className="visually-hidden"> sertifikat {certificate.title}</span>
                  </>
                }
                fetchFile={(client) => downloadCertificatePdf(client, certificate.id)}
              />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

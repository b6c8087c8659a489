import { useEffect, useState } from 'react';
import { type Certificate, certificatePath } from '~/contract/certificates';
import type { UserProfile } from '~/contract/users';
import { getCertificatePdf, listMyCertificates } from '~/lib/api/certificates';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { formatDate } from '~/lib/format/dates';
import { appClient } from '../shared/app-client';
import './certificates.css';

type View = { kind: 'loading' } | { kind: 'ready'; items: Certificate[] } | { kind: 'failed'; message: string };
type Download = { id: string; state: 'busy' } | { id: string; state: 'failed'; message: string };

/** What the visitor reads when a call fails: the server's own words for a refusal, a plain retry hint otherwise. */
const messageOf = (error: unknown, what: string) =>
  error instanceof ApiRequestError && error.statusCode < 500 ? failureMessage(error) : `${what} Periksa koneksi Anda, lalu coba lagi.`;

/** Saves a file the browser holds (a PDF fetched with the page's credentials) under `name`. */
function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after the click returns: let it go a minute later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The account page's 'Sertifikat saya' section (GET v1/certificate/mine): each certificate with its
 * title, kind and date, a link to its public page (/Sertifikat/{id}, the address to share) and its
 * PDF, fetched through the page's client and saved as a file; a revoked one says when and why, with
 * no PDF. With none yet, it says how one is earned. Its own labelled `<section>` with an `<h2>`.
 */
export function Certificates(_: { profile?: UserProfile | undefined }) {
  return (
    <section className="account__section" data-section="sertifikat" aria-labelledby="akun-sertifikat">
      <h2 id="akun-sertifikat">Sertifikat saya</h2>
      <CertificateList />
    </section>
  );
}

function CertificateList() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [download, setDownload] = useState<Download>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again.
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const items = await listMyCertificates(await appClient());
        if (live) setView({ kind: 'ready', items });
      } catch (error) {
        if (live) setView({ kind: 'failed', message: messageOf(error, 'Daftar sertifikat belum dapat dimuat.') });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  const save = async (certificate: Certificate) => {
    setDownload({ id: certificate.id, state: 'busy' });
    try {
      saveFile(await getCertificatePdf(await appClient(), certificate.id), `sertifikat-${certificate.id}.pdf`);
      setDownload(undefined);
    } catch (error) {
      setDownload({ id: certificate.id, state: 'failed', message: messageOf(error, 'PDF sertifikat belum dapat diunduh.') });
    }
  };

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
      {view.items.map((certificate) => {
        const busy = download?.id === certificate.id && download.state === 'busy';
        const failed = download?.id === certificate.id && download.state === 'failed' ? download.message : undefined;
        return (
          <li
            className="certificates__item"
            key={certificate.id}
            data-certificate={certificate.id}
            data-revoked={certificate.revokedAt ? '' : undefined}
          >
            <p className="certificates__title">
              <a href={certificatePath(certificate.id)}>{certificate.title}</a>
            </p>
            <p className="certificates__meta">
              {certificate.kind === 'course' ? 'Kursus' : 'Kelas'} · terbit {formatDate(certificate.issuedAt, 'WIB')}
            </p>
            {certificate.revokedAt ? (
              <p className="certificates__revoked">
                <strong>Dicabut</strong> pada {formatDate(certificate.revokedAt, 'WIB')}. Alasan: {certificate.revokedReason}
              </p>
            ) : (
              <p>
                <button
                  className="btn btn--secondary"
                  type="button"
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (!busy) void save(certificate);
                  }}
                >
                  {busy ? 'Menyiapkan PDF…' : 'Unduh PDF'}
                  <span className="visually-hidden"> sertifikat {certificate.title}</span>
                </button>
              </p>
            )}
            {failed && (
              <p className="form-alert" role="alert">
                {failed}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

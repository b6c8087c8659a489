import { Deferred } from './Deferred';
import './certificates.css';

/** The list's code (its contract, the PDF download), fetched when the section first shows. */
export const loadCertificateList = () => import('./CertificateList');

/**
 * The account page's 'Sertifikat saya' section: its own labelled `<section>` with an `<h2>`, the
 * list (CertificateList.tsx) loaded on demand, saying 'Memuat sertifikat…' meanwhile.
 */
export function Certificates() {
  return (
    <section className="account__section" data-section="sertifikat" aria-labelledby="akun-sertifikat">
      <h2 id="akun-sertifikat">Sertifikat saya</h2>
      <Deferred load={loadCertificateList} loading="Memuat sertifikat…" failure="Daftar sertifikat belum dapat dimuat.">
        {({ CertificateList }) => <CertificateList />}
      </Deferred>
    </section>
  );
}

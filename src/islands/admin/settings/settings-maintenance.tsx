import { useState } from 'react';
import type { ApiClient } from '~/lib/api/client';
import { updateAppSetting } from '~/lib/api/settings';
import { MAINTENANCE } from '~/lib/tenant/maintenance';
import { ConfirmButton, Notice } from '../kit';

interface Props {
  client: ApiClient;
  code: string;
  /** Whether the site is under maintenance now (a setting that was never stored means it is). */
  on: boolean;
  revision: number;
  /** The new state and revision once stored. */
  onSaved(on: boolean, revision: number): void;
}

/**
 * The maintenance switch, saved on its own and only after a confirmation that says what visitors will
 * see (the maintenance screen's own words) and that the console keeps working for staff.
 */
export function MaintenanceSwitch({ client, code, on, revision, onSaved }: Props) {
  const [notice, setNotice] = useState('');
  const change = async () => {
    const next = !on;
    const saved = await updateAppSetting(client, code, 'isMaintenance', { value: next, revision });
    onSaved(saved.value === true, saved.revision);
    setNotice(
      next
        ? 'Mode perawatan disimpan. Situs sedang dibangun ulang; dalam beberapa saat pengunjung melihat layar perawatan.'
        : 'Mode perawatan dimatikan. Situs sedang dibangun ulang; halaman kembali tampil untuk pengunjung dalam beberapa saat.',
    );
  };
  return (
    <section className="settings-section settings-maintenance" aria-labelledby="mode-perawatan">
      <h2 id="mode-perawatan">Mode perawatan</h2>
      <p>
        Status sekarang: <strong>{on ? 'aktif: pengunjung melihat layar perawatan' : 'mati: situs terbuka untuk pengunjung'}</strong>.
      </p>
      <ConfirmButton
        label={on ? 'Matikan mode perawatan' : 'Aktifkan mode perawatan'}
        title={on ? 'Matikan mode perawatan?' : 'Aktifkan mode perawatan?'}
        confirmLabel={on ? 'Ya, buka situs' : 'Ya, aktifkan'}
        tone={on ? 'primary' : 'danger'}
        onConfirm={change}
      >
        {on ? (
          <p>Setelah build selesai, pengunjung kembali melihat halaman situs seperti biasa.</p>
        ) : (
          <>
            <p>Pengunjung akan melihat:</p>
            <blockquote className="settings-maintenance__quote">
              <p>
                <strong>{MAINTENANCE.title}</strong>
              </p>
              <p>{MAINTENANCE.text}</p>
            </blockquote>
            <p>
              Layar ini menggantikan setiap halaman situs sampai mode perawatan dimatikan. Halaman Masuk dan konsol ini tetap terbuka untuk
              staf, termasuk untuk mematikannya lagi.
            </p>
          </>
        )}
      </ConfirmButton>
      <Notice>{notice}</Notice>
    </section>
  );
}

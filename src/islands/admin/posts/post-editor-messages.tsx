import type { ApiClient } from '~/lib/api/client';
import { ConfirmButton } from '../kit';
import { type LiveWatch, PostLiveStatus } from './post-live-status';

interface Props {
  client: ApiClient | undefined;
  /** Why the last save failed; `conflict`: someone else saved first (409). */
  alert: { text: string; conflict: boolean } | undefined;
  /** What the last save or load did. */
  done: string;
  watch: LiveWatch | undefined;
  canSeeBuilds: boolean;
  reload(): Promise<void>;
}

/**
 * What a save answered, beside the buttons (where the writer is then): the failure as an alert (with
 * 'Muat versi terbaru' after a conflict, behind a confirmation), the success as a standing status,
 * and the build's progress after a publish or an unpublish.
 */
export function PostEditorMessages({ client, alert, done, watch, canSeeBuilds, reload }: Props) {
  return (
    <>
      {alert && (
        <div className="post-editor__alert">
          <p className="admin-notice admin-notice--error" role="alert">
            {alert.text}
          </p>
          {alert.conflict && (
            <ConfirmButton label="Muat versi terbaru" title="Muat versi terbaru?" confirmLabel="Muat dan ganti isian" onConfirm={reload}>
              <p>
                Judul, isi dan semua kolom di editor diganti dengan versi yang tersimpan. Apa yang Anda tulis sejak terakhir menyimpan akan
                hilang; salin dulu bagian yang ingin Anda pertahankan.
              </p>
            </ConfirmButton>
          )}
        </div>
      )}
      <p className={done ? 'admin-notice' : 'post-editor__quiet'} role="status">
        {done}
      </p>
      {client && <PostLiveStatus client={client} watch={watch} canSeeBuilds={canSeeBuilds} />}
    </>
  );
}

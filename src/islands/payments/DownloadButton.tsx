import { type ReactNode, useState } from 'react';
import type { DownloadedFile } from '~/lib/api/download';
import { failureText } from '../account/failure-text';
import { appClient } from '../shared/app-client';
import { saveFile } from './download-file';

interface Props {
  /** The button's words, e.g. 'Tambahkan ke kalender (.ics)'. */
  label: ReactNode;
  /** Fetches the file with the page's API client. */
  fetchFile: (client: Awaited<ReturnType<typeof appClient>>) => Promise<DownloadedFile>;
  className?: string | undefined;
}

/**
 * A download through the API client (fetch with the credential headers → Blob → object URL): the
 * button says 'Memproses…' while it fetches, and a failure is said beside it with the way to retry
 * (pressing it again).
 */
export function DownloadButton({ label, fetchFile, className = 'btn btn--ghost' }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const press = async () => {
    setBusy(true);
    setError(undefined);
    try {
      saveFile(await fetchFile(await appClient()));
    } catch (failure) {
      setError(`${failureText(failure)} Tekan tombolnya lagi untuk mencoba ulang.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="download">
      <button className={className} type="button" aria-disabled={busy} onClick={busy ? undefined : press}>
        {busy ? 'Memproses…' : label}
      </button>
      {error && (
        <span className="download__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

import { useId, useState } from 'react';
import { API_BASES } from '~/contract/constants';
import { UPLOAD_MAX_BYTES, type Uploaded } from '~/contract/uploads';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { readPageConfig } from '~/lib/api/page-config';
import { uploadFile } from '~/lib/api/uploads';
import { problemText } from '../kit';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_MB = UPLOAD_MAX_BYTES.image / 1024 / 1024;

/**
 * The address an uploaded image is read at: the upload service's `GET /{id}` with the capability
 * token, which is what lets a visitor's browser load it (a path of this site on the embedded API).
 */
export function uploadedAddress(upload: Pick<Uploaded, 'id' | 'token'>, base = readPageConfig()?.bases.upload ?? API_BASES.upload): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${encodeURIComponent(upload.id)}?token=${encodeURIComponent(upload.token)}`;
}

/** Why an upload failed: the service's own message, or its status when it answered with a page instead (a proxy's error page). */
function uploadProblem(failure: unknown): string {
  const text = problemText(failure);
  if (!/<[a-z!/]/i.test(text) && text.length <= 300) return text;
  const status = failure instanceof ApiRequestError ? ` (${failure.statusCode})` : '';
  return `layanan unggah menjawab dengan galat${status}. Coba lagi nanti, atau isi alamat gambar di bawah.`;
}

interface Props {
  client: ApiClient | undefined;
  value: string;
  onChange(cover: string): void;
  /** The post's title, for the preview's text alternative. */
  title: string;
  /** The server's message about the cover, if any. */
  error?: string | undefined;
}

/**
 * The post's cover: an image sent to the upload service as soon as it is chosen, or an address typed
 * in; a preview with its text alternative, and 'Hapus sampul'. A failed upload says why and changes
 * nothing else of the form.
 */
export function PostCover({ client, value, onChange, title, error }: Props) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; failure?: string; done?: string }>({ busy: false });
  const [broken, setBroken] = useState('');
  const message = state.failure ?? error;
  const shown = value.trim();

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES.image)
      return setState({
        busy: false,
        failure: `Gambar terlalu besar (${(file.size / 1024 / 1024).toFixed(1)} MB); maksimal ${MAX_MB} MB.`,
      });
    if (!client) return setState({ busy: false, failure: 'Konsol belum siap mengunggah; coba lagi sebentar lagi.' });
    setState({ busy: true });
    try {
      const uploaded = await uploadFile(client, file, 'image', file.name);
      onChange(uploadedAddress(uploaded));
      setState({ busy: false, done: `Terunggah: ${uploaded.name}.` });
    } catch (failure) {
      setState({ busy: false, failure: `Sampul gagal diunggah: ${uploadProblem(failure)}` });
    } finally {
      // The same file can be chosen again after a failure.
      input.value = '';
    }
  };

  return (
    <div className="post-cover">
      <div className="field" data-invalid={message ? '' : undefined}>
        <label htmlFor={`${id}-file`}>Gambar sampul</label>
        <p className="field__hint" id={`${id}-hint`}>
          JPG, PNG atau WebP, maksimal {MAX_MB} MB. Tampil di daftar tulisan dan saat tautan dibagikan.
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint ${id}-state`}
          onChange={(event) => void choose(event.currentTarget)}
        />
        <p className={message && !state.busy ? 'field__error' : 'field__hint'} id={`${id}-state`} role="status">
          {state.busy ? 'Mengunggah…' : (message ?? state.done ?? '')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-address`}>Alamat gambar sampul</label>
        <input
          id={`${id}-address`}
          name="cover"
          type="text"
          inputMode="url"
          value={value}
          placeholder="/media/sampul.webp atau https://…"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {shown && (
        <figure className="post-cover__preview">
          {broken === shown ? (
            <p className="field__error">Gambar tidak dapat dimuat dari alamat ini.</p>
          ) : (
            <img src={shown} alt={`Sampul tulisan${title.trim() ? ` "${title.trim()}"` : ''}`} onError={() => setBroken(shown)} />
          )}
          <figcaption>
            <button type="button" className="btn btn--ghost" onClick={() => onChange('')}>
              Hapus sampul
            </button>
          </figcaption>
        </figure>
      )}
    </div>
  );
}

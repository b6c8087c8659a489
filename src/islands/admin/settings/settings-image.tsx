import { useId, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '~/contract/uploads';
import type { ApiClient } from '~/lib/api/client';
import { uploadFile } from '~/lib/api/uploads';
import { problemText } from '../kit';
import { uploadedUrl } from './settings-assets';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_MB = UPLOAD_MAX_BYTES.image / 1024 / 1024;

/** A failed upload in words: the service's own message, or a plain one when something else answered (an HTML error page). */
function uploadProblem(failure: unknown): string {
  const text = problemText(failure);
  return /^\s*</.test(text) || text.length > 300 ? 'Unggahan gagal: layanan unggah tidak menjawab. Coba lagi sebentar lagi.' : text;
}

interface Props {
  /** The setting's key, also the field's name (the server names it in a refusal). */
  name: 'logoDark' | 'logoLight' | 'favicon';
  label: string;
  /** What the image is for, under the label. */
  use: string;
  client: ApiClient;
  value: string;
  saved: string;
  /** Where the value's image can be seen, when known. */
  src: string | undefined;
  /** The ground the image is drawn on (a light logo on the dark ground). */
  ground: 'light' | 'dark';
  error?: string | undefined;
  onChange(value: string): void;
}

/**
 * A logo or the favicon: the image the setting names now, a new one uploaded as soon as it is chosen
 * (PNG, JPG or WebP; the upload service re-encodes it), and the way back to the stored one.
 */
export function ImageField({ name, label, use, client, value, saved, src, ground, error, onChange }: Props) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; failure?: string; done?: string }>({ busy: false });
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const message = state.failure ?? error;

  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES.image) {
      setState({ busy: false, failure: `Berkas terlalu besar; maksimal ${MAX_MB} MB.` });
      return;
    }
    setState({ busy: true });
    try {
      const uploaded = await uploadFile(client, file, 'image', file.name);
      onChange(uploadedUrl(client, uploaded));
      setState({ busy: false, done: `Terunggah: ${uploaded.name}. Tersimpan di situs setelah Anda menekan Simpan.` });
    } catch (failure) {
      setState({ busy: false, failure: uploadProblem(failure) });
    }
    input.value = '';
  };

  return (
    <div className="field settings-image" data-invalid={message ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      <p className="field__hint" id={hintId}>
        {use} PNG, JPG atau WebP, maksimal {MAX_MB} MB.
      </p>
      <div className={`settings-image__show settings-image__show--${ground}`}>
        {src ? (
          <img src={src} alt={`${label} ${value === saved ? 'yang tersimpan' : 'baru'}`} />
        ) : (
          <p className="settings-image__none">Berkas di folder tenant: tampil di situs, belum bisa ditampilkan di konsol ini.</p>
        )}
      </div>
      <p className="field__hint settings-image__value">{value === saved ? `Tersimpan: ${value}` : `Baru (belum disimpan): ${value}`}</p>
      <input
        id={id}
        name={name}
        type="file"
        accept={ACCEPT}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${hintId} ${messageId}`}
        onChange={(event) => void choose(event.currentTarget)}
      />
      <p className={message && !state.busy ? 'field__error' : 'field__hint'} id={messageId} role="status">
        {state.busy ? 'Mengunggah…' : (message ?? state.done ?? '')}
      </p>
      {value !== saved && (
        <button
          type="button"
          className="link-button settings-image__undo"
          onClick={() => {
            onChange(saved);
            setState({ busy: false });
          }}
        >
          Pakai lagi {label.toLowerCase()} yang tersimpan
        </button>
      )}
    </div>
  );
}

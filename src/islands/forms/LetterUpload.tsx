import { useId, useState } from 'react';
import { UPLOAD_MAX_BYTES, type Uploaded } from '~/contract/uploads';
import { uploadFile } from '~/lib/api/uploads';
import { failureMessage } from '~/lib/auth/request-errors';
import { appClient } from '../shared/app-client';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MAX_MB = UPLOAD_MAX_BYTES.pdf / 1024 / 1024;

/** `1,2 MB` / `340 KB`. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`
    : `${Math.ceil(bytes / 1024)} KB`;

interface Props {
  /** The field's name, for the server's message and the focus on submit. */
  name: string;
  label: string;
  value: Uploaded | undefined;
  error?: string | undefined;
  onUploaded(upload: Uploaded | undefined): void;
}

/**
 * A file sent to the upload service as soon as it is chosen (PDF or a photo, at most 5 MB; the
 * server decides the type from the bytes): the form then names the upload's id and token. Progress
 * and the result are announced; a failure says why and keeps the choice open to try again.
 */
export function LetterUpload({ name, label, value, error, onUploaded }: Props) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; failure?: string }>({ busy: false });
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const message = state.failure ?? error;

  const choose = async (file: File | undefined) => {
    onUploaded(undefined);
    if (!file) return setState({ busy: false });
    if (file.size > UPLOAD_MAX_BYTES.pdf)
      return setState({ busy: false, failure: `Berkas terlalu besar (${sizeText(file.size)}); maksimal ${MAX_MB} MB.` });
    setState({ busy: true });
    try {
      onUploaded(await uploadFile(await appClient(), file, 'letter', file.name));
      setState({ busy: false });
    } catch (failure) {
      setState({ busy: false, failure: failureMessage(failure) });
    }
  };

  return (
    <div className="field" data-invalid={message ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      <p className="field__hint" id={hintId}>
        PDF, JPG, PNG atau WebP, maksimal {MAX_MB} MB. Foto surat yang jelas juga diterima.
      </p>
      <input
        id={id}
        name={name}
        type="file"
        accept={ACCEPT}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={`${hintId}${message || state.busy || value ? ` ${messageId}` : ''}`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {state.busy && (
        <p className="field__hint" id={messageId} role="status">
          Mengunggah…
        </p>
      )}
      {!state.busy && value && !message && (
        <p className="field__hint" id={messageId} role="status">
          Terunggah: {value.name} ({sizeText(value.bytes)})
        </p>
      )}
      {!state.busy && message && (
        <p className="field__error" id={messageId}>
          {message}
        </p>
      )}
    </div>
  );
}

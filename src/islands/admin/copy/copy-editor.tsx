import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { getCopyItem, updateCopyItem } from '~/lib/api/settings';
import type { CopyContext } from '~/lib/tenant/copy-tokens';
import { Field } from '../../shared/Field';
import { Notice, problemText, useDebounced } from '../kit';
import type { CopyEntry } from './copy-keys';
import { type CopyText, copyValueOf, sameText, textOf } from './copy-text';

type Renderer = typeof import('./copy-markdown').renderMarkdown;
type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; saved: CopyText };
type Errors = { data?: string | undefined; body?: string | undefined };

interface Props {
  client: ApiClient;
  code: string;
  entry: CopyEntry;
  /** The site title and voice the page fills its tokens with, once known. */
  context: CopyContext | undefined;
  onDirty(dirty: boolean): void;
}

/** The server's 400 fields for one value: the body's, and the rest (front matter or data) together. */
function fieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiRequestError) || !error.fields) return {};
  const shown = (fields: { field: string; message: string }[]) =>
    fields.map(({ field, message }) => `${field.replace(/^value\.(data\.)?/, '')}: ${message}`).join('; ') || undefined;
  return {
    body: shown(error.fields.filter((field) => field.field === 'value.body')),
    data: shown(error.fields.filter((field) => field.field !== 'value.body')),
  };
}

/**
 * One copy key in editing: the front matter (or the whole data) as YAML, the Markdown body beside a
 * live preview rendered as the build renders it. Save stores the value; a refusal keeps the text and
 * says why beside the textarea the server names.
 */
export function CopyEditor({ client, code, entry, context, onDirty }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [text, setText] = useState<CopyText>({ data: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [render, setRender] = useState<Renderer>();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const dataRef = useRef<HTMLTextAreaElement>(null);
  const body = useDebounced(text.body ?? '', 200);
  const dirty = load.state === 'ready' && !sameText(text, load.saved);

  useEffect(() => {
    let live = true;
    getCopyItem(client, code, entry.key).then(
      (item) => {
        if (!live) return;
        const saved = textOf(item.value);
        setLoad({ state: 'ready', saved });
        setText(saved);
      },
      (failure) => live && setLoad({ state: 'failed', message: problemText(failure) }),
    );
    return () => {
      live = false;
    };
  }, [client, code, entry.key]);

  // The renderer (marked and the sanitiser) comes in its own chunk, only for a page with a body.
  const hasBody = text.body !== undefined;
  useEffect(() => {
    if (hasBody && !render) void import('./copy-markdown').then((module) => setRender(() => module.renderMarkdown));
  }, [hasBody, render]);

  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  // Leaving the page with unsaved text asks first.
  useEffect(() => {
    if (!dirty) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', hold);
    return () => removeEventListener('beforeunload', hold);
  }, [dirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    setAlert('');
    const parsed = copyValueOf(text);
    if ('error' in parsed) {
      setErrors({ data: parsed.error });
      setAlert('Periksa isian yang ditandai, lalu simpan lagi.');
      dataRef.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const stored = await updateCopyItem(client, code, entry.key, parsed.value);
      const saved = textOf(stored.value);
      setLoad({ state: 'ready', saved });
      setText(saved);
      setDone(`${entry.label} tersimpan. Situs sedang dibangun ulang; perubahan tampil di ${entry.where} dalam beberapa saat.`);
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setAlert(problemText(failure));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  if (load.state === 'loading') return <Notice>Memuat {entry.label}…</Notice>;
  if (load.state === 'failed') return <Notice tone="error">{`${entry.label} tidak dapat dimuat. ${load.message}`}</Notice>;

  return (
    <form className="copy-editor" noValidate onSubmit={submit}>
      <Field
        name="data"
        label={hasBody ? 'Front matter (YAML)' : 'Isi (YAML)'}
        hint={
          hasBody
            ? 'Judul, deskripsi, hero, dan blok halaman, seperti di bagian atas berkas .md (tanpa garis ---).'
            : 'Data terstruktur halaman ini; tidak ada teks Markdown.'
        }
        error={errors.data}
      >
        {(control) => (
          <textarea
            {...control}
            ref={dataRef}
            className="copy-editor__code"
            rows={hasBody ? 10 : 22}
            spellCheck={false}
            value={text.data}
            onChange={(event) => setText({ ...text, data: event.target.value })}
          />
        )}
      </Field>
      {hasBody && (
        <div className="copy-editor__split">
          <Field name="body" label="Isi halaman (Markdown)" hint="Tampil setelah hero, sebelum blok." error={errors.body}>
            {(control) => (
              <textarea
                {...control}
                className="copy-editor__code"
                rows={18}
                value={text.body}
                onChange={(event) => setText({ ...text, body: event.target.value })}
              />
            )}
          </Field>
          <section className="copy-editor__preview" aria-labelledby={`${entry.key}-preview`}>
            <h3 id={`${entry.key}-preview`}>Pratinjau isi</h3>
            {render ? (
              // Rendered by marked and cleaned by the site's own sanitiser (lib/html/sanitize.ts), as the build does.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above, the same HTML the page will carry
              <div className="prose copy-editor__prose" dangerouslySetInnerHTML={{ __html: render(body, context) }} />
            ) : (
              <p className="field__hint">Menyiapkan pratinjau…</p>
            )}
          </section>
        </div>
      )}
      {alert && (
        <p className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {alert}
        </p>
      )}
      <Notice>{done}</Notice>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Memproses…' : `Simpan ${entry.label}`}
        </button>
        {dirty && (
          <button type="button" className="btn btn--ghost" onClick={() => load.state === 'ready' && setText(load.saved)}>
            Batalkan perubahan
          </button>
        )}
      </div>
      <p className="field__hint" role="status">
        {dirty ? 'Ada perubahan yang belum disimpan.' : ''}
      </p>
    </form>
  );
}

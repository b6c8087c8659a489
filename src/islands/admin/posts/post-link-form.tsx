import type { Editor } from '@tiptap/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** The addresses the server keeps in a post's links (lib/html/urls.ts `LINK_SCHEMES`, site paths and #anchors). */
const KEPT = /^(?:https?:\/\/[^\s/]+|mailto:\S+|tel:[+\d][\d\s-]*|\/(?![/\\])|#)/i;
/** `contoh.id/halaman`: a web address typed without its scheme. */
const BARE_HOST = /^[\p{L}\d-]+(?:\.[\p{L}\d-]+)+(?:[/?#]|$)/u;

/** The address as it will be stored, or undefined when the server would drop it. */
export function linkAddress(typed: string): string | undefined {
  const text = typed.trim();
  if (KEPT.test(text)) return text;
  if (BARE_HOST.test(text)) return `https://${text}`;
  return undefined;
}

interface Props {
  id: string;
  editor: Editor;
  /** `toEditor`: the link was set or removed (the focus goes back to the text), else cancelled. */
  onClose(toEditor: boolean): void;
}

/**
 * The link's address under the toolbar (not a form of its own: it sits inside the post's form).
 * Enter sets it on the selected text (or inserts the address as linked text), Escape cancels, an empty
 * address removes the link.
 */
export function PostLinkForm({ id, editor, onClose }: Props) {
  const [href, setHref] = useState<string>(() => editor.getAttributes('link').href ?? '');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const hadLink = editor.isActive('link');
  useEffect(() => input.current?.focus(), []);

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose(true);
  };
  const apply = () => {
    if (!href.trim()) return remove();
    const address = linkAddress(href);
    if (!address) return setError('Tulis alamat lengkap (https://…), alamat di situs ini (/…), mailto: atau tel:.');
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !hadLink)
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
    else chain.setLink({ href: address }).run();
    onClose(true);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(false);
    }
  };

  return (
    <fieldset className="post-link field" id={id} data-invalid={error ? '' : undefined}>
      <legend className="visually-hidden">Tautan</legend>
      <label htmlFor={`${id}-href`}>Alamat tautan</label>
      <p className="field__hint" id={`${id}-hint`}>
        {editor.state.selection.empty && !hadLink
          ? 'Tanpa teks terpilih, alamatnya disisipkan sebagai teks tautan.'
          : 'Untuk teks yang dipilih.'}
      </p>
      <input
        ref={input}
        id={`${id}-href`}
        type="text"
        inputMode="url"
        autoComplete="off"
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setHref(event.target.value);
          setError('');
        }}
        onKeyDown={keys}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="button" className="btn btn--secondary" onClick={apply}>
          Pasang tautan
        </button>
        {hadLink && (
          <button type="button" className="btn btn--ghost" onClick={remove}>
            Hapus tautan
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => onClose(false)}>
          Batal
        </button>
      </div>
    </fieldset>
  );
}

import { lazy, Suspense, useId } from 'react';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { useHydrated } from '../../shared/use-hydrated';
import type { LoadedContent } from './post-rich-text';

/** Tiptap and ProseMirror (most of the editor's weight) in a chunk of their own, fetched while the form is already usable. */
const PostRichText = lazy(() => import('./post-rich-text').then((module) => ({ default: module.PostRichText })));
const WAITING = (
  <div className="post-rich">
    <p className="post-rich__area post-rich__area--waiting">Editor sedang disiapkan…</p>
  </div>
);

interface Props {
  content: LoadedContent;
  onChange(html: string): void;
  /** Elements of the stored text the editor cannot hold (`unheldElements`). */
  unheld: string[];
  error?: string | undefined;
}

/**
 * 'Isi tulisan': its label, hint and message around the rich-text editor, which loads after
 * hydration. A chunk that fails to load (or an editor that breaks) takes only this part down, never
 * the fields typed beside it; a text the editor would simplify is said so before anything is changed.
 */
export function PostBodyField({ content, onChange, unheld, error }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field post-editor__body" data-invalid={error ? '' : undefined}>
      <p className="post-editor__label" id={labelId}>
        Isi tulisan
      </p>
      <p className="field__hint" id={hintId}>
        Gunakan Judul bagian (H2) untuk membagi tulisan panjang. Tautan ke situs lain terbuka di tab baru.
      </p>
      {unheld.length > 0 && (
        <p className="post-editor__warning">
          Isi ini memuat bagian yang tidak dapat disunting di sini ({unheld.join(', ')}). Selama isi tidak diubah, isi tersimpan tetap utuh;
          begitu diubah, bagian itu disederhanakan saat disimpan.
        </p>
      )}
      {hydrated ? (
        <IslandBoundary source="PostEditor/isi">
          <Suspense fallback={WAITING}>
            <PostRichText
              content={content}
              onChange={onChange}
              labelId={labelId}
              describedBy={[hintId, errorId].filter(Boolean).join(' ')}
              invalid={Boolean(error)}
            />
          </Suspense>
        </IslandBoundary>
      ) : (
        WAITING
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

import { useRef } from 'react';
import type { PostKind } from '~/contract/posts';
import type { AdminViewer } from '~/lib/admin/viewer';
import { postPath } from '~/lib/content/paths';
import { Field } from '../../shared/Field';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { Notice } from '../kit';
import { usePostCategories } from './post-categories';
import { PostDetailsFields } from './post-details';
import { DETAIL_FIELDS } from './post-details-form';
import { PostEditorActions } from './post-editor-actions';
import { PostBodyField } from './post-editor-body';
import { PostEditorFields } from './post-editor-fields';
import { PostEditorMessages } from './post-editor-messages';
import { type EditorErrors, usePostEditor } from './post-editor-state';
import { PICKER_KINDS, POST_KIND_LABELS, statusLabel } from './post-kinds';
import './post-editor.css';

interface Props {
  viewer: AdminViewer;
  kind?: PostKind | undefined;
  id?: number | undefined;
}

/** The fields in the form's order, for the focus on a refused save. */
const SIDE = ['summary', 'categoryId', 'tags', 'author', 'slug', 'publishAt', 'cover'] as const;
const ORDER: readonly (keyof EditorErrors)[] = ['kind', 'title', 'content', ...DETAIL_FIELDS, ...SIDE];

/**
 * Focuses the first field shown with a message; the body's editable area is not a form control, so
 * it is found by its class.
 */
function focusFirst(form: HTMLFormElement | null, errors: EditorErrors) {
  for (const name of ORDER) {
    const target = errors[name] && form?.querySelector<HTMLElement>(name === 'content' ? '.post-rich__area' : `[name="${name}"]`);
    if (target) return target.focus();
  }
}

/**
 * /Admin/Tulisan/Baru and /Admin/Tulisan/{kind}/{id}: a post's editor (issue 31). The body in a
 * Tiptap editor, the kind's details (post-details.tsx) under it, the fields and tags beside it, saves
 * checked against the version loaded (a 409 keeps every typed word and offers the stored version),
 * publish, unpublish and delete behind confirmations, and after a publish the build's progress until
 * the page is live. Console only: Tiptap is large.
 */
export default function PostEditor(props: Props) {
  return (
    <IslandBoundary source="PostEditor">
      <Editor {...props} />
    </IslandBoundary>
  );
}

function Editor(props: Props) {
  const form = useRef<HTMLFormElement>(null);
  // After the dialog that asked has closed (it gives the focus back to its button first).
  const state = usePostEditor({ ...props, onRefused: (errors) => setTimeout(() => focusFirst(form.current, errors), 0) });
  const { client, kind, post, fields, errors, load } = state;
  const categories = usePostCategories(client, kind);

  const listHref = kind ? `/Admin/Tulisan?jenis=${kind}` : '/Admin/Tulisan';
  if (state.deleted)
    return (
      <div className="post-editor">
        <Notice>Tulisan “{fields.title}” sudah dihapus.</Notice>
        <p>
          <a href={listHref}>Kembali ke daftar tulisan</a>
        </p>
      </div>
    );
  if (load.state === 'failed')
    return (
      <div className="post-editor">
        <Notice tone="error">Tulisan tidak dapat dimuat: {load.message}</Notice>
        <div className="admin-actions">
          <button type="button" className="btn btn--secondary" onClick={() => void state.retryLoad()}>
            Coba lagi
          </button>
          <a className="btn btn--ghost" href={listHref}>
            Kembali ke daftar tulisan
          </a>
        </div>
      </div>
    );
  if (load.state === 'loading' || (props.id !== undefined && !client))
    return (
      <p className="admin-notice" role="status">
        Memuat tulisan…
      </p>
    );

  return (
    <div className="post-editor">
      <p className="post-editor__back">
        <a href={listHref}>← Daftar tulisan{kind ? ` ${POST_KIND_LABELS[kind]}` : ''}</a>
      </p>
      <p className="post-editor__state">
        <span>
          Status:{' '}
          <span className="admin-badge post-badge" data-status={post?.status ?? 'new'}>
            {post ? statusLabel(post.status) : 'Belum disimpan'}
          </span>
        </span>
        {post?.status === 'published' && kind && (
          <span>
            Alamat:{' '}
            <a href={postPath({ kindSlug: kind, id: post.id, slug: post.slug })}>
              {postPath({ kindSlug: kind, id: post.id, slug: post.slug })}
            </a>
          </span>
        )}
        {state.dirty && <span className="post-editor__dirty">Ada perubahan yang belum disimpan.</span>}
      </p>

      <form
        ref={form}
        className="post-editor__form"
        noValidate
        aria-label={post ? 'Sunting tulisan' : 'Tulisan baru'}
        onSubmit={(event) => {
          event.preventDefault();
          if (state.busy) return;
          const active = post?.status === 'published' || post?.status === 'scheduled';
          void state.save(active ? 'save' : 'draft');
        }}
      >
        <div className="post-editor__main">
          {!post && (
            <Field name="kind" label="Jenis tulisan" error={errors.kind}>
              {(control) => (
                <select {...control} value={kind ?? ''} onChange={(event) => state.setKind(event.target.value as PostKind)}>
                  <option value="" disabled>
                    Pilih jenis…
                  </option>
                  {PICKER_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {POST_KIND_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          {post && kind && <p className="post-editor__kind">Jenis: {POST_KIND_LABELS[kind]}</p>}
          <Field name="title" label="Judul" error={errors.title}>
            {(control) => (
              <input
                {...control}
                className="post-editor__title"
                type="text"
                required
                value={fields.title}
                onChange={(event) => state.setField('title', event.target.value)}
              />
            )}
          </Field>
          <PostBodyField content={state.content} onChange={state.changeContent} unheld={state.unheld} error={errors.content} />
          <PostDetailsFields kind={kind} fields={fields} errors={errors} setField={state.setField} />
        </div>
        <div className="post-editor__side">
          <PostEditorFields
            client={client}
            post={post}
            fields={fields}
            errors={errors}
            setField={state.setField}
            categories={categories}
            kindChosen={kind !== undefined}
            storedCategory={post?.category ?? undefined}
          />
        </div>
        <div className="post-editor__actions">
          <PostEditorMessages
            client={client}
            alert={state.alert}
            done={state.done}
            watch={state.watch}
            canSeeBuilds={props.viewer.role !== 'writer'}
            reload={state.reload}
          />
          <PostEditorActions
            kind={kind}
            post={post}
            fields={fields}
            busy={state.busy}
            dirty={state.dirty}
            save={state.save}
            remove={state.remove}
          />
        </div>
      </form>
    </div>
  );
}

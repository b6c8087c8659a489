import { useCallback, useEffect, useRef, useState } from 'react';
import type { ManagedPost, PostKind } from '~/contract/posts';
import type { AdminViewer } from '~/lib/admin/viewer';
import { ApiRequestError } from '~/lib/api/errors';
import { createPost, deletePost, getManagedPost, updatePostById } from '~/lib/api/posts';
import { postPath } from '~/lib/content/paths';
import { fieldErrors } from '../../shared/form-errors';
import { formatStamp, problemText, toLocalInput, useStaffClient } from '../kit';
import {
  checkFields,
  emptyFields,
  fieldsOf,
  type PostField,
  type PostFields,
  type SaveIntent,
  sameFields,
  saveBody,
  serverFieldIssues,
} from './post-form';
import { isPostKind } from './post-kinds';
import type { LiveWatch } from './post-live-status';
import { unheldElements } from './post-rich-held';
import type { LoadedContent } from './post-rich-text';
import { failedText, savedText } from './post-save-text';
import { type StoredPost, stored } from './post-stored';

export type EditorErrors = Partial<Record<PostField | 'content' | 'kind', string>>;
type Load = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

export interface EditorOptions {
  viewer: AdminViewer;
  kind?: PostKind | undefined;
  id?: number | undefined;
  /** A save was refused for these fields (checked here or named by the server): the form moves the focus. */
  onRefused?: ((errors: EditorErrors) => void) | undefined;
}

/**
 * The post editor's state and calls: load, save (draft, publish, unpublish, save an active post),
 * "Muat versi terbaru" and delete. What is typed is never replaced by a failed save or a conflict;
 * only a successful save (the slug and time the server chose) or an explicit reload changes it.
 */
export function usePostEditor({ viewer, kind: routeKind, id, onRefused }: EditorOptions) {
  const client = useStaffClient();
  const [kind, setKindState] = useState<PostKind | undefined>(routeKind);
  const [post, setPost] = useState<StoredPost>();
  const [fields, setFields] = useState<PostFields>(() => emptyFields(viewer.name));
  const [savedFields, setSavedFields] = useState<PostFields>(fields);
  const [content, setContent] = useState<LoadedContent>({ html: '', revision: 0 });
  const [unheld, setUnheld] = useState<string[]>([]);
  // The editor's HTML and its count of changes: content is sent only when changed since the last save.
  const html = useRef('');
  const edits = useRef(0);
  const [contentDirty, setContentDirty] = useState(false);
  const [load, setLoad] = useState<Load>(id === undefined ? { state: 'ready' } : { state: 'loading' });
  const [busy, setBusy] = useState<SaveIntent | 'reload'>();
  const [alert, setAlert] = useState<{ text: string; conflict: boolean }>();
  const [done, setDone] = useState('');
  const [errors, setErrors] = useState<EditorErrors>({});
  const [watch, setWatch] = useState<LiveWatch>();
  const [deleted, setDeleted] = useState(false);
  // Loaded once: a later change of the sign-in never reloads over what is typed.
  const loaded = useRef(false);
  const inFlight = useRef(false);

  const apply = useCallback((post: ManagedPost) => {
    loaded.current = true;
    setPost(stored(post, post.isActive));
    const next = fieldsOf(post);
    setFields(next);
    setSavedFields(next);
    html.current = post.content;
    edits.current = 0;
    setContentDirty(false);
    setContent((current) => ({ html: post.content, revision: current.revision + 1 }));
    setUnheld(unheldElements(post.content));
    setErrors({});
  }, []);

  // A new post takes its kind from `?jenis=` (read once hydrated: the server renders without it).
  useEffect(() => {
    if (id !== undefined || routeKind) return;
    const asked = new URLSearchParams(location.search).get('jenis');
    if (isPostKind(asked)) setKindState(asked);
  }, [id, routeKind]);

  const fetchPost = useCallback(async () => {
    if (!client || !kind || id === undefined) return;
    setLoad({ state: 'loading' });
    try {
      apply(await getManagedPost(client, { kindSlug: kind, id }));
      setLoad({ state: 'ready' });
    } catch (failure) {
      const missing = failure instanceof ApiRequestError && failure.statusCode === 404;
      setLoad({ state: 'failed', message: missing ? 'Tulisan ini tidak ada atau sudah dihapus.' : problemText(failure) });
    }
  }, [client, kind, id, apply]);
  useEffect(() => {
    if (!loaded.current) void fetchPost();
  }, [fetchPost]);

  const dirty = !sameFields(fields, savedFields) || contentDirty;
  // Leaving with unsaved text asks first.
  useEffect(() => {
    if (!dirty || deleted) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [dirty, deleted]);

  const setField = (key: PostField, value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const changeContent = (next: string) => {
    html.current = next;
    edits.current += 1;
    setContentDirty(true);
    if (errors.content) setErrors(({ content: _gone, ...rest }) => rest);
  };
  const setKind = (next: PostKind) => {
    setKindState(next);
    setFields((current) => ({ ...current, categoryId: '' }));
    setErrors(({ kind: _gone, ...rest }) => rest);
    history.replaceState(history.state, '', `/Admin/Tulisan/Baru?jenis=${next}`);
  };
  const refuse = (found: EditorErrors, text = 'Periksa isian yang ditandai; belum ada yang disimpan.') => {
    setErrors(found);
    setAlert({ text, conflict: false });
    onRefused?.(found);
  };

  /** Saves as `intent` asks; never throws (the form shows what went wrong and keeps every field). */
  const save = async (intent: SaveIntent): Promise<boolean> => {
    if (!client || inFlight.current) return false;
    const sentContent = !post || contentDirty ? html.current : undefined;
    const found: EditorErrors = checkFields(fields, sentContent, kind);
    if (!kind) found.kind = 'Pilih jenis tulisan.';
    if (!kind || Object.keys(found).length > 0) {
      refuse(found);
      return false;
    }
    const sent = fields;
    const sentEdits = edits.current;
    const body = saveBody(kind, sent, sentContent, intent, post && { fields: savedFields, details: post.details });
    inFlight.current = true;
    setBusy(intent);
    setAlert(undefined);
    setDone('');
    try {
      const answer = post ? await updatePostById(client, post.id, { ...body, version: post.version }) : await createPost(client, body);
      const was = post?.status;
      const next = stored(answer, body.isActive);
      setPost(next);
      // What the server chose (a slug, the publish time) is shown unless it was retyped meanwhile.
      const chosen: Partial<PostFields> = { slug: answer.slug, ...(body.isActive ? { publishAt: toLocalInput(answer.publishedAt) } : {}) };
      setFields((current) => {
        const kept = { ...current };
        for (const [key, value] of Object.entries(chosen) as [PostField, string][]) if (current[key] === sent[key]) kept[key] = value;
        return kept;
      });
      setSavedFields({ ...sent, ...chosen });
      setContentDirty(edits.current !== sentEdits);
      if (!post) history.replaceState(history.state, '', `/Admin/Tulisan/${kind}/${answer.id}`);
      setDone(savedText(intent, next));
      const path = postPath({ kindSlug: kind, id: answer.id, slug: answer.slug });
      const goesLive = next.status === 'published' && intent !== 'draft' && intent !== 'unpublish';
      const leaves = intent === 'unpublish' && was === 'published';
      setWatch(goesLive || leaves ? { since: answer.updatedAt, path, expect: leaves ? 'absent' : 'present' } : undefined);
      return true;
    } catch (failure) {
      const named = failure instanceof ApiRequestError ? (failure.fields ?? []) : [];
      const conflict = failure instanceof ApiRequestError && failure.statusCode === 409 && named.length === 0;
      if (named.length > 0) {
        const found = fieldErrors<keyof EditorErrors>(serverFieldIssues(named));
        setErrors(found);
        onRefused?.(found);
      }
      setAlert({ text: failedText(failure, Boolean(post)), conflict });
      return false;
    } finally {
      inFlight.current = false;
      setBusy(undefined);
    }
  };

  /** "Muat versi terbaru": the stored post replaces what is typed (asked first). Throws for the dialog to show. */
  const reload = async () => {
    if (!client || !kind || !post) return;
    setBusy('reload');
    try {
      const latest = await getManagedPost(client, { kindSlug: kind, id: post.id });
      apply(latest);
      setAlert(undefined);
      setDone(`Versi terbaru dimuat (versi ${latest.version}, diubah ${formatStamp(latest.updatedAt)}).`);
    } finally {
      setBusy(undefined);
    }
  };

  /** Deletes the post. Throws for the dialog to show. */
  const remove = async () => {
    if (!client || !kind || !post) return;
    // With the version read: a post someone changed meanwhile is not deleted unseen.
    await deletePost(client, { kindSlug: kind, slug: post.slug, version: post.version });
    setDeleted(true);
  };

  return {
    client,
    kind,
    setKind,
    post,
    fields,
    setField,
    content,
    changeContent,
    unheld,
    contentDirty,
    dirty,
    load,
    retryLoad: fetchPost,
    busy,
    alert,
    done,
    errors,
    watch,
    deleted,
    save,
    reload,
    remove,
  };
}

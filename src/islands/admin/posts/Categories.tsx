import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Paged } from '~/contract/paged';
import { CategoryCreateSchema, POST_KINDS, type PostCategoryListItem, type PostKind } from '~/contract/posts';
import { POST_KIND_LABELS } from '~/lib/admin/labels';
import type { AdminViewer } from '~/lib/admin/viewer';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { createCategory, deleteCategory, listManagedCategories, updateCategory } from '~/lib/api/posts';
import { Field } from '../../shared/Field';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { ConfirmButton, Notice, Pager, problemText, useStaffClient } from '../kit';
import '../settings/settings.css';

const PAGE_SIZE = 20;
type Fields = { name: string; slug: string; description: string };
type Errors = Partial<Record<keyof Fields | 'form', string>>;
const EMPTY: Fields = { name: '', slug: '', description: '' };

/** Messages by field: the contract's issues before sending, the server's 400/409 `fields` after; the rest for the form. */
function errorsOf(failure: unknown): Errors {
  const errors: Errors = {};
  if (failure instanceof ApiRequestError)
    for (const { field, message } of failure.fields ?? [])
      if (field === 'name' || field === 'slug' || field === 'description') errors[field] ??= message;
  // A refusal the fields do not say (offline, a 5xx, a category gone meanwhile) goes above the button.
  if (!Object.keys(errors).length) errors.form = problemText(failure);
  return errors;
}
function checked(kindSlug: PostKind, fields: Fields): Errors {
  const result = CategoryCreateSchema.safeParse({
    kindSlug,
    name: fields.name,
    description: fields.description,
    slug: fields.slug || undefined,
  });
  const errors: Errors = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]) as keyof Fields;
    if (field in EMPTY) errors[field] ??= issue.message;
  }
  return errors;
}

/** Name, slug and description: the create form's fields, and a row's when it is edited. */
function CategoryFields({
  value,
  errors,
  onChange,
  first,
}: {
  value: Fields;
  errors: Errors;
  onChange(value: Fields): void;
  first?: React.Ref<HTMLInputElement>;
}) {
  return (
    <>
      <Field name="name" label="Nama" error={errors.name}>
        {(control) => (
          <input
            {...control}
            ref={first}
            maxLength={120}
            value={value.name}
            onChange={(e) => onChange({ ...value, name: e.target.value })}
          />
        )}
      </Field>
      <Field
        name="slug"
        label="Slug (opsional)"
        hint="Huruf kecil, angka dan tanda minus; dibuat dari nama bila kosong."
        error={errors.slug}
      >
        {(control) => (
          <input
            {...control}
            maxLength={160}
            autoComplete="off"
            value={value.slug}
            onChange={(e) => onChange({ ...value, slug: e.target.value })}
          />
        )}
      </Field>
      <Field name="description" label="Deskripsi (opsional)" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={1000}
            value={value.description}
            onChange={(e) => onChange({ ...value, description: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

/** A form that checks with the contract, sends, and keeps what was typed when refused. */
function useCategoryForm(kind: PostKind, initial: Fields, send: (fields: Fields) => Promise<void>) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checked(kind, value);
    setErrors(found);
    const focusFirst = (selector: string) => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(selector)?.focus());
    if (Object.keys(found).length) {
      focusFirst('[aria-invalid="true"]');
      return;
    }
    setBusy(true);
    try {
      await send(value);
    } catch (failure) {
      setErrors(errorsOf(failure));
      focusFirst('[aria-invalid="true"], [role="alert"]');
    } finally {
      setBusy(false);
    }
  };
  return { value, setValue, errors, busy, form, submit };
}

function CreateForm({ client, kind, onCreated }: { client: ApiClient; kind: PostKind; onCreated(name: string): void }) {
  const { value, setValue, errors, busy, form, submit } = useCategoryForm(kind, EMPTY, async (fields) => {
    const created = await createCategory(client, {
      kindSlug: kind,
      name: fields.name.trim(),
      description: fields.description.trim(),
      ...(fields.slug ? { slug: fields.slug.trim() } : {}),
    });
    setValue(EMPTY);
    onCreated(created.name);
  });
  return (
    <form ref={form} className="settings-section cat-create" noValidate onSubmit={submit} aria-labelledby="kategori-baru">
      <h2 id="kategori-baru">Kategori {POST_KIND_LABELS[kind]} baru</h2>
      <CategoryFields value={value} errors={errors} onChange={setValue} />
      {errors.form && <FormAlert text={errors.form} />}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? 'Memproses…' : 'Tambah kategori'}
      </button>
    </form>
  );
}

const FormAlert = ({ text }: { text: string }) => (
  <p className="form-alert" role="alert" tabIndex={-1}>
    {text}
  </p>
);

function EditRow({ client, category, onDone }: { client: ApiClient; category: PostCategoryListItem; onDone(saved?: string): void }) {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const { value, setValue, errors, busy, form, submit } = useCategoryForm(
    category.kindSlug,
    { name: category.name, slug: category.slug, description: category.description },
    async (fields) => {
      const changes = { name: fields.name.trim(), slug: fields.slug.trim() || undefined, description: fields.description.trim() };
      const saved = await updateCategory(client, category.slug, {
        kindSlug: category.kindSlug,
        ...(changes.name !== category.name ? { name: changes.name } : {}),
        ...(changes.slug && changes.slug !== category.slug ? { slug: changes.slug } : {}),
        ...(changes.description !== category.description ? { description: changes.description } : {}),
      });
      onDone(saved.name);
    },
  );
  return (
    <form ref={form} className="cat-edit" noValidate onSubmit={submit} aria-label={`Ubah kategori ${category.name}`}>
      <CategoryFields value={value} errors={errors} onChange={setValue} first={first} />
      {errors.form && <FormAlert text={errors.form} />}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Memproses…' : 'Simpan'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => onDone()}>
          Batal
        </button>
      </div>
    </form>
  );
}

function CategoryItem({
  client,
  category,
  onChanged,
}: {
  client: ApiClient;
  category: PostCategoryListItem;
  onChanged(notice: string): void;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const done = (saved?: string) => {
    setEditing(false);
    if (saved) onChanged(`Kategori “${saved}” disimpan.`);
    requestAnimationFrame(() => edit.current?.focus());
  };
  return (
    <li className="cat-item">
      <h3 id={headingId}>{category.name}</h3>
      {editing ? (
        <EditRow client={client} category={category} onDone={done} />
      ) : (
        <>
          <p className="cat-item__meta">
            <span>/{category.slug}</span>
            <span>{category.posts === 0 ? 'Belum ada tulisan' : `${category.posts} tulisan (${category.totalPosts} terbit)`}</span>
          </p>
          {category.description && <p>{category.description}</p>}
          <div className="admin-actions">
            <button
              ref={edit}
              type="button"
              className="btn btn--secondary"
              onClick={() => setEditing(true)}
              aria-label={`Ubah ${category.name}`}
            >
              Ubah
            </button>
            <ConfirmButton
              label="Hapus"
              title={`Hapus kategori “${category.name}”?`}
              confirmLabel="Ya, hapus"
              tone="danger"
              onConfirm={async () => {
                await deleteCategory(client, { kindSlug: category.kindSlug, slug: category.slug });
                onChanged(`Kategori “${category.name}” dihapus.`);
              }}
            >
              {category.posts > 0 ? (
                <p>
                  Kategori ini berisi {category.posts} tulisan. Kategori yang masih dipakai tidak bisa dihapus: pindahkan dulu tulisannya ke
                  kategori lain.
                </p>
              ) : (
                <p>Kategori ini belum dipakai tulisan mana pun dan akan dihapus. Tindakan ini tidak bisa dibatalkan.</p>
              )}
            </ConfirmButton>
          </div>
        </>
      )}
    </li>
  );
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; list: Paged<PostCategoryListItem> };

/** One kind's categories, a page at a time, by name; `reload` after every change. */
function useCategoryList(client: ApiClient | undefined, kind: PostKind, page: number) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const reload = useCallback(async () => {
    if (!client) return;
    try {
      setLoad({ state: 'ready', list: await listManagedCategories(client, { kindSlug: kind, page, pageSize: PAGE_SIZE, sort: 'name' }) });
    } catch (failure) {
      setLoad({ state: 'failed', message: problemText(failure) });
    }
  }, [client, kind, page]);
  useEffect(() => {
    setLoad({ state: 'loading' });
    void reload();
  }, [reload]);
  return { load, reload };
}

const isKind = (value: string): value is PostKind => (POST_KINDS as readonly string[]).includes(value);
const KINDS = Object.keys(POST_KIND_LABELS).filter(isKind);

function CategoriesSection() {
  const client = useStaffClient();
  const [kind, setKind] = useState<PostKind>('news');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const { load, reload } = useCategoryList(client, kind, page);
  useEffect(() => {
    const asked = location.hash.slice(1);
    if (isKind(asked)) setKind(asked);
  }, []);
  const choose = (next: PostKind) => {
    setKind(next);
    setPage(1);
    setNotice('');
    history.replaceState(null, '', `#${next}`);
  };
  const changed = (text: string) => {
    setNotice(text);
    void reload();
  };
  const label = POST_KIND_LABELS[kind];

  return (
    <div className="cats">
      <fieldset className="cat-kinds">
        <legend>Jenis tulisan</legend>
        {KINDS.map((item) => (
          <button key={item} type="button" className="cat-kind" aria-pressed={item === kind} onClick={() => choose(item)}>
            {POST_KIND_LABELS[item]}
          </button>
        ))}
      </fieldset>
      <section className="cat-section" aria-labelledby="kategori-daftar">
        <h2 id="kategori-daftar">Kategori {label}</h2>
        <Notice>{notice}</Notice>
        {!client || load.state === 'loading' ? (
          <p role="status">Memuat kategori {label}…</p>
        ) : load.state === 'failed' ? (
          <div className="form-alert" role="alert">
            <p>Kategori tidak dapat dimuat. {load.message}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void reload()}>
              Coba lagi
            </button>
          </div>
        ) : load.list.items.length === 0 ? (
          <p>Belum ada kategori {label}. Tambahkan yang pertama di bawah.</p>
        ) : (
          <>
            <p className="field__hint">
              {load.list.totalItems} kategori. Jumlah tulisan menghitung draf dan yang terjadwal; yang terbit tampil di situs.
            </p>
            <ul className="cat-list">
              {load.list.items.map((category) => (
                <CategoryItem key={category.id} client={client} category={category} onChanged={changed} />
              ))}
            </ul>
            <Pager page={load.list.page} pages={load.list.totalPages} onPage={setPage} label={`Halaman kategori ${label}`} />
          </>
        )}
      </section>
      {client && <CreateForm key={kind} client={client} kind={kind} onCreated={(name) => changed(`Kategori “${name}” ditambahkan.`)} />}
    </div>
  );
}

/** /Admin/Kategori (writers and admins): each post kind's categories with their number of posts; create, rename, delete. */
export default function Categories(_props: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="Categories">
      <CategoriesSection />
      <noscript>
        <p>Konsol ini memerlukan JavaScript.</p>
      </noscript>
    </IslandBoundary>
  );
}

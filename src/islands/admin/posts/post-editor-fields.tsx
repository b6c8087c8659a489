import type { ApiClient } from '~/lib/api/client';
import { Field } from '../../shared/Field';
import type { KindCategories } from './post-categories';
import { PostCover } from './post-cover';
import type { EditorErrors } from './post-editor-state';
import type { PostField, PostFields } from './post-form';
import type { StoredPost } from './post-stored';

interface Props {
  client: ApiClient | undefined;
  post: StoredPost | undefined;
  fields: PostFields;
  errors: EditorErrors;
  setField(key: PostField, value: string): void;
  categories: KindCategories;
  /** Whether the kind is chosen: categories belong to a kind. */
  kindChosen: boolean;
  /** The stored post's category, kept as a choice even when the list lacks it. */
  storedCategory?: { id: number; name: string } | undefined;
}

/** The post's fields beside its text: summary, category, tags, author, slug, publish time (WIB) and cover. */
export function PostEditorFields({ client, post, fields, errors, setField, categories, kindChosen, storedCategory }: Props) {
  const listed = categories.items.some((category) => String(category.id) === fields.categoryId);
  const active = post?.status === 'published' || post?.status === 'scheduled';
  return (
    <>
      <Field
        name="summary"
        label="Ringkasan"
        hint="Satu atau dua kalimat; tampil di daftar tulisan dan mesin pencari."
        error={errors.summary}
      >
        {(control) => (
          <textarea {...control} rows={4} value={fields.summary} onChange={(event) => setField('summary', event.target.value)} />
        )}
      </Field>
      <Field
        name="categoryId"
        label="Kategori"
        hint={
          categories.failure
            ? `Kategori tidak dapat dimuat: ${categories.failure}`
            : kindChosen
              ? undefined
              : 'Pilih jenis tulisan dulu: tiap jenis punya kategorinya sendiri.'
        }
        error={errors.categoryId}
      >
        {(control) => (
          <select {...control} value={fields.categoryId} onChange={(event) => setField('categoryId', event.target.value)}>
            <option value="">{categories.loading ? 'Memuat kategori…' : 'Tanpa kategori'}</option>
            {categories.items.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
            {!listed && storedCategory && String(storedCategory.id) === fields.categoryId && (
              <option value={storedCategory.id}>{storedCategory.name}</option>
            )}
          </select>
        )}
      </Field>
      <Field
        name="tags"
        label="Tag"
        hint="Pisahkan dengan koma, mis. data, karier, beasiswa. Maksimal 20 tag, tiap tag paling banyak 40 karakter."
        error={errors.tags}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            value={fields.tags}
            onChange={(event) => setField('tags', event.target.value)}
          />
        )}
      </Field>
      <Field name="author" label="Penulis" error={errors.author}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            value={fields.author}
            onChange={(event) => setField('author', event.target.value)}
          />
        )}
      </Field>
      <Field
        name="slug"
        label="Slug (alamat)"
        hint={
          post ? 'Bagian akhir alamat tulisan. Mengubahnya mengubah alamat tulisan.' : 'Boleh dikosongkan: dibuat dari judul saat disimpan.'
        }
        error={errors.slug}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            value={fields.slug}
            onChange={(event) => setField('slug', event.target.value)}
          />
        )}
      </Field>
      <Field
        name="publishAt"
        label="Waktu terbit (WIB)"
        hint={
          active
            ? 'Waktu yang akan datang membuat tulisan tampil mulai waktu itu.'
            : 'Kosongkan untuk terbit saat Anda menekan Terbitkan; waktu yang akan datang menjadwalkannya.'
        }
        error={errors.publishAt}
      >
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={fields.publishAt}
            onChange={(event) => setField('publishAt', event.target.value)}
          />
        )}
      </Field>
      <PostCover
        client={client}
        value={fields.cover}
        onChange={(cover) => setField('cover', cover)}
        title={fields.title}
        error={errors.cover}
      />
    </>
  );
}

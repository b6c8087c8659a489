import { POST_STATUSES, type PostAuthor, type PostStatus } from '~/contract/posts';
import { Field } from '../../shared/Field';
import type { KindCategories } from './post-categories';
import { statusLabel } from './post-kinds';
import type { ListFilters } from './post-list-query';

interface Props {
  /** The kind's name, for the region's label. */
  label: string;
  filters: ListFilters;
  /** The search as typed (applied after a pause, or on Enter). */
  typed: string;
  onType(value: string): void;
  change(patch: Partial<ListFilters>): void;
  categories: KindCategories;
  authors: PostAuthor[];
}

/**
 * The post list's filters: search, status, category (with its number of posts, drafts included) and
 * author. A filter kept in the address but no longer offered (a category deleted meanwhile) stays a
 * choice, so the select still says what the list shows.
 */
export function PostListFilters({ label, filters, typed, onType, change, categories, authors }: Props) {
  return (
    <search className="post-list__filters" aria-label={`Saring tulisan ${label}`}>
      <div className="admin-toolbar">
        <Field name="cari" label="Cari">
          {(control) => (
            <input
              {...control}
              type="search"
              maxLength={100}
              value={typed}
              onChange={(event) => onType(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && change({ search: typed.trim() })}
            />
          )}
        </Field>
        <Field name="status" label="Status">
          {(control) => (
            <select {...control} value={filters.status} onChange={(event) => change({ status: event.target.value as PostStatus | '' })}>
              <option value="">Semua status</option>
              {POST_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="kategori" label="Kategori" hint={categories.failure && 'Kategori tidak dapat dimuat.'}>
          {(control) => (
            <select {...control} value={filters.categoryId} onChange={(event) => change({ categoryId: event.target.value })}>
              <option value="">Semua kategori</option>
              {categories.items.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name} ({category.posts})
                </option>
              ))}
              {filters.categoryId && !categories.items.some((category) => String(category.id) === filters.categoryId) && (
                <option value={filters.categoryId}>Kategori #{filters.categoryId}</option>
              )}
            </select>
          )}
        </Field>
        <Field name="penulis" label="Penulis">
          {(control) => (
            <select {...control} value={filters.author} onChange={(event) => change({ author: event.target.value })}>
              <option value="">Semua penulis</option>
              {authors.map((author) => (
                <option key={author.name} value={author.name}>
                  {author.name} ({author.posts})
                </option>
              ))}
              {filters.author && !authors.some((author) => author.name === filters.author) && (
                <option value={filters.author}>{filters.author}</option>
              )}
            </select>
          )}
        </Field>
      </div>
    </search>
  );
}

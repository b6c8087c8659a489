import type { ManagedPostSummary, PostKind } from '~/contract/posts';
import { formatStamp } from '../kit';
import { POST_KIND_LABELS, statusLabel } from './post-kinds';

interface Props {
  kind: PostKind;
  posts: ManagedPostSummary[];
  page: number;
  pages: number;
  total: number;
}

/**
 * A page of the post list: each post's title (to its editor), status, category, author, last change
 * and publish time. The table scrolls inside its frame on narrow screens.
 */
export function PostListTable({ kind, posts, page, pages, total }: Props) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">
          Tulisan {POST_KIND_LABELS[kind]}: {total} tulisan, halaman {page} dari {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col">Judul</th>
            <th scope="col">Status</th>
            <th scope="col">Kategori</th>
            <th scope="col">Penulis</th>
            <th scope="col">Terakhir diubah</th>
            <th scope="col">Waktu terbit</th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.id}>
              <td>
                <a href={`/Admin/Tulisan/${post.kindSlug}/${post.id}`}>{post.title || '(tanpa judul)'}</a>
                <span className="post-list__slug">{post.slug}</span>
              </td>
              <td>
                <span className="admin-badge post-badge" data-status={post.status}>
                  {statusLabel(post.status)}
                </span>
              </td>
              <td>{post.category?.name ?? '—'}</td>
              <td>{post.author || '—'}</td>
              <td>
                <time dateTime={post.updatedAt}>{formatStamp(post.updatedAt)}</time>
              </td>
              <td>
                {post.status === 'draft' ? (
                  <span className="post-list__none">Belum terbit</span>
                ) : (
                  <time dateTime={post.publishedAt}>{formatStamp(post.publishedAt)}</time>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { PostKind } from '~/contract/posts';
import { ConfirmButton, formatStamp, fromLocalInput } from '../kit';
import type { PostFields, SaveIntent } from './post-form';
import { schedulesLater } from './post-form';
import type { StoredPost } from './post-stored';

interface Props {
  kind: PostKind | undefined;
  post: StoredPost | undefined;
  fields: PostFields;
  busy: SaveIntent | 'reload' | undefined;
  dirty: boolean;
  save(intent: SaveIntent): Promise<boolean>;
  remove(): Promise<void>;
}

const quoted = (title: string) => (title.trim() ? `“${title.trim()}”` : 'ini');

/**
 * The editor's buttons: the form's submit ('Simpan draf', or 'Simpan perubahan' for a post that is
 * active, so saving never takes a post off the site by itself), and publish, unpublish and delete,
 * each behind a dialog saying what will happen. Then the preview link, once there is a saved version.
 */
export function PostEditorActions({ kind, post, fields, busy, dirty, save, remove }: Props) {
  const active = post?.status === 'published' || post?.status === 'scheduled';
  const later = schedulesLater(fields);
  const when = fromLocalInput(fields.publishAt);
  const title = quoted(fields.title);
  const saving = busy !== undefined;
  const run = (intent: SaveIntent) => async () => {
    await save(intent);
  };

  return (
    <div className="post-actions">
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={saving} aria-busy={busy === 'draft' || busy === 'save' || undefined}>
          {busy === 'draft' || busy === 'save' ? 'Menyimpan…' : active ? 'Simpan perubahan' : 'Simpan draf'}
        </button>
        {!active && (
          <ConfirmButton
            label={later ? 'Jadwalkan' : 'Terbitkan'}
            title={later ? 'Jadwalkan tulisan?' : 'Terbitkan tulisan?'}
            confirmLabel={later ? 'Jadwalkan' : 'Terbitkan'}
            disabled={saving}
            onConfirm={run('publish')}
          >
            {later && when ? (
              <p>
                Tulisan {title} disimpan dan tampil otomatis di situs pada {formatStamp(when)}. Sampai saat itu pengunjung belum dapat
                melihatnya.
              </p>
            ) : (
              <p>
                Tulisan {title} disimpan dan tampil di situs untuk semua pengunjung begitu build selesai (biasanya kurang dari satu menit).
              </p>
            )}
          </ConfirmButton>
        )}
        {post?.status === 'scheduled' && (
          <ConfirmButton
            label="Terbitkan sekarang"
            title="Terbitkan sekarang?"
            confirmLabel="Terbitkan sekarang"
            disabled={saving}
            onConfirm={run('publish-now')}
          >
            <p>
              Tulisan {title} dijadwalkan terbit {formatStamp(post.publishedAt)}. Tulisan disimpan dan tampil di situs sekarang, begitu
              build selesai.
            </p>
          </ConfirmButton>
        )}
        {active && (
          <ConfirmButton
            label="Batalkan terbit"
            title="Batalkan terbit?"
            confirmLabel="Batalkan terbit"
            disabled={saving}
            onConfirm={run('unpublish')}
          >
            <p>
              {post?.status === 'published'
                ? `Tulisan ${title} disimpan sebagai draf dan hilang dari situs begitu build selesai.`
                : `Jadwal terbit tulisan ${title} dibatalkan; tulisan disimpan sebagai draf.`}{' '}
              Anda dapat menerbitkannya lagi kapan saja.
            </p>
          </ConfirmButton>
        )}
        {post && (
          <ConfirmButton
            label="Hapus"
            title="Hapus tulisan?"
            confirmLabel="Hapus tulisan"
            tone="danger"
            disabled={saving}
            onConfirm={remove}
          >
            <p>
              Tulisan {title} dihapus untuk selamanya{post.status === 'published' ? ' dan hilang dari situs begitu build selesai' : ''}.
              Tindakan ini tidak dapat dibatalkan.
            </p>
          </ConfirmButton>
        )}
      </div>
      <div className="post-actions__preview">
        {post && kind ? (
          <a href={`/Admin/Pratinjau/${kind}/${post.id}`} target="_blank" rel="noopener">
            Pratinjau (tab baru)
          </a>
        ) : (
          <span>Pratinjau tersedia setelah tulisan disimpan.</span>
        )}
        <span className="post-actions__note">
          Pratinjau menampilkan versi yang terakhir disimpan{post && dirty ? '; perubahan yang belum disimpan belum terlihat di sana' : ''}.
        </span>
      </div>
    </div>
  );
}

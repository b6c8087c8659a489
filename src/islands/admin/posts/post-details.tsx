import type { PostKind } from '~/contract/posts';
import { Field } from '../../shared/Field';
import { type DetailKey, detailField, detailsShown, isTimeDetail } from './post-details-form';
import type { EditorErrors } from './post-editor-state';
import type { PostField, PostFields } from './post-form';

/** Each detail's label and hint, and how it is typed (times are `datetime-local` in WIB). */
const DETAIL_INPUTS: Record<DetailKey, { label: string; hint: string; type?: 'number' | 'url' }> = {
  episode: { label: 'Nomor episode', hint: 'Bilangan bulat mulai dari 1; tampil sebagai “Episode 12”.', type: 'number' },
  duration: { label: 'Durasi', hint: 'Menit:detik atau jam:menit:detik, mis. 42:15 atau 1:05:30.' },
  audio: {
    label: 'Alamat audio',
    hint: 'Berkas MP3 di situs ini (diawali /, mis. /media/episode-12.mp3) atau tautan https://. Pengunjung memutarnya di halaman episode.',
    type: 'url',
  },
  startsAt: { label: 'Mulai (WIB)', hint: 'Menentukan urutan di kalender acara dan label “Akan Datang” atau “Sedang Berlangsung”.' },
  endsAt: {
    label: 'Selesai (WIB)',
    hint: 'Tidak boleh sebelum waktu mulai. Tanpa waktu selesai, acara ditandai “Telah Selesai” begitu dimulai.',
  },
  location: { label: 'Tempat', hint: 'Nama tempat dan kota, atau “Daring (Zoom)”. Maksimal 300 karakter.' },
  registrationUrl: {
    label: 'Tautan pendaftaran',
    hint: 'Alamat lengkap formulir pendaftaran (https://…). Tombol Daftar tampil selama pendaftaran dibuka.',
    type: 'url',
  },
  registrationOpensAt: { label: 'Pendaftaran dibuka (WIB)', hint: 'Kosongkan bila pendaftaran sudah dibuka sejak tulisan terbit.' },
  registrationClosesAt: {
    label: 'Pendaftaran ditutup (WIB)',
    hint: 'Sesudah waktu ini halaman menulis “Pendaftaran telah ditutup”. Tidak boleh sebelum pendaftaran dibuka.',
  },
};

/** The fieldset's name per kind; kinds without details show none. */
const LEGENDS: Partial<Record<PostKind, string>> = {
  event: 'Detail acara',
  podcasts: 'Detail podcast',
  program: 'Detail pendaftaran',
  news: 'Detail pendaftaran',
};

interface Props {
  kind: PostKind | undefined;
  fields: PostFields;
  errors: EditorErrors;
  setField(key: PostField, value: string): void;
}

/**
 * The kind's own details under one legend ('Detail acara', 'Detail podcast', 'Detail pendaftaran'),
 * each input named as the API names its field (`details.startsAt`), its message beside it.
 */
export function PostDetailsFields({ kind, fields, errors, setField }: Props) {
  const keys = detailsShown(kind);
  const legend = kind && LEGENDS[kind];
  if (!legend || keys.length === 0) return null;
  return (
    <fieldset className="post-details">
      <legend>{legend}</legend>
      {keys.map((key) => {
        const name = detailField(key);
        const input = DETAIL_INPUTS[key];
        return (
          <Field key={key} name={name} label={input.label} hint={input.hint} error={errors[name]}>
            {(control) => (
              <input
                {...control}
                {...inputType(key, input.type)}
                value={fields[name]}
                onChange={(event) => setField(name, event.target.value)}
              />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}

function inputType(key: DetailKey, type: 'number' | 'url' | undefined) {
  if (isTimeDetail(key)) return { type: 'datetime-local' };
  if (type === 'number') return { type: 'number', inputMode: 'numeric' as const, min: 1, step: 1 };
  if (type === 'url') return { type: 'text', inputMode: 'url' as const, autoCapitalize: 'none', spellCheck: false };
  return { type: 'text' };
}

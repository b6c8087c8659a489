import { type BookReview, BookReviewInsertSchema } from '~/contract/remote-db';
import { createBookReview, listBookReviews } from '~/lib/api/remote-db';
import { formatDate } from '~/lib/format/dates';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { CommunityList } from './CommunityList';
import { Confirmation, FormShell } from './FormParts';
import { remoteDb, sendRow } from './remote';
import { StarRating, Stars } from './StarRating';
import { useForm } from './use-form';
import { useRemoteList } from './use-remote-list';
import '../shared/forms.css';
import './community.css';

const LABEL = 'Tulis ulasan buku';
const EMPTY = { name: '', rating: '', comment: '' };

/** Readers' comments on a book (/Metamorfosa): the list from book_reviews and a form that adds one (HTTP 201 only). */
function BookReviews({ book }: { book: string }) {
  const { list, retry, prepend } = useRemoteList(async () => listBookReviews(await remoteDb(), book));
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: BookReviewInsertSchema,
    input: (values) => ({ book, name: values.name, rating: values.rating ? Number(values.rating) : undefined, comment: values.comment }),
    send: sendRow(createBookReview, prepend),
  });
  const { errors, text } = form;
  const average =
    list.state === 'ready' && list.items.length > 0
      ? list.items.reduce((sum, review) => sum + review.rating, 0) / list.items.length
      : undefined;

  return (
    <div className="community">
      <div>
        <h3>Ulasan pembaca</h3>
        {average !== undefined && (
          <p className="form__counter">
            Rata-rata {average.toLocaleString('id-ID', { maximumFractionDigits: 1 })} dari 5 (
            {list.state === 'ready' ? list.items.length : 0} ulasan)
          </p>
        )}
        <CommunityList
          list={list}
          retry={retry}
          empty="Belum ada ulasan. Jadilah yang pertama menulis ulasan."
          meta={(review: BookReview) => (
            <>
              <strong>{review.name}</strong> <Stars rating={review.rating} /> <span>{formatDate(review.created_at)}</span>
            </>
          )}
          text={(review) => review.comment}
        />
      </div>
      {form.result ? (
        <Confirmation title="Ulasan Anda sudah terkirim" again={{ label: 'Tulis ulasan lain', onClick: form.reset }}>
          <p>Terima kasih, {form.result.name}. Ulasan Anda tampil di daftar.</p>
        </Confirmation>
      ) : (
        <FormShell form={form} submit="Kirim ulasan" heading={<h3>Tulis ulasan</h3>}>
          <Field name="name" label="Nama" error={errors.name}>
            {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
          </Field>
          <StarRating value={form.values.rating} error={errors.rating} onChange={(value) => form.set('rating', value)} />
          <Field name="comment" label="Komentar" error={errors.comment}>
            {(control) => <textarea {...control} {...text('comment')} maxLength={2000} rows={5} required />}
          </Field>
        </FormShell>
      )}
    </div>
  );
}

/** The book comments island (`client:visible`). */
export default function BookReviewsIsland({ book }: { book: string }) {
  return (
    <IslandBoundary source="BookReviews">
      <BookReviews book={book} />
    </IslandBoundary>
  );
}

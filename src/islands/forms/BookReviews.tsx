import { type BookReview, BookReviewInsertSchema } from '~/contract/remote-db';
import { createBookReview, listBookReviews } from '~/lib/api/remote-db';
import { formatDate } from '~/lib/format/dates';
import { Field, SubmitButton } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { useHydrated } from '../shared/use-hydrated';
import { Confirmation, FormAlert } from './FormParts';
import { ListState } from './ListState';
import { remoteDb, unwrap } from './remote';
import { StarRating, Stars } from './StarRating';
import { useForm } from './use-form';
import { useRemoteList } from './use-remote-list';
import '../shared/forms.css';
import './community.css';

const LABEL = 'Tulis ulasan buku';
const EMPTY = { name: '', rating: '', comment: '' };

/** Readers' comments on a book (/Metamorfosa): the list from book_reviews and a form that adds one (HTTP 201 only). */
function BookReviews({ book }: { book: string }) {
  const hydrated = useHydrated();
  const { list, retry, prepend } = useRemoteList(async () => listBookReviews(await remoteDb(), book));
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: BookReviewInsertSchema,
    input: (values) => ({ book, name: values.name, rating: values.rating ? Number(values.rating) : undefined, comment: values.comment }),
    send: async (data, idempotencyKey) => {
      const review = unwrap(await createBookReview(await remoteDb(), data, { idempotencyKey }));
      prepend(review);
      return review;
    },
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
        <ListState list={list} retry={retry} empty="Belum ada ulasan. Jadilah yang pertama menulis ulasan.">
          {(items: BookReview[]) => (
            <ul className="community__list">
              {items.map((review) => (
                <li key={review.id}>
                  <p className="community__meta">
                    <strong>{review.name}</strong> <Stars rating={review.rating} /> <span>{formatDate(review.created_at)}</span>
                  </p>
                  <p className="community__text">{review.comment}</p>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
      {form.result ? (
        <Confirmation
          title="Ulasan Anda sudah terkirim"
          action={
            <button type="button" className="link-button" onClick={form.reset}>
              Tulis ulasan lain
            </button>
          }
        >
          <p>Terima kasih, {form.result.name}. Ulasan Anda tampil di daftar.</p>
        </Confirmation>
      ) : (
        <form ref={form.ref} className="form" method="post" noValidate onSubmit={form.submit} aria-label={LABEL}>
          <h3>Tulis ulasan</h3>
          <FormAlert message={form.alert} busy={form.busy} onRetry={form.retryable ? () => void form.submit() : undefined} />
          <Field name="name" label="Nama" error={errors.name}>
            {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
          </Field>
          <StarRating value={form.values.rating} error={errors.rating} onChange={(value) => form.set('rating', value)} />
          <Field name="comment" label="Komentar" error={errors.comment}>
            {(control) => <textarea {...control} {...text('comment')} maxLength={2000} rows={5} required />}
          </Field>
          <SubmitButton busy={form.busy} ready={hydrated}>
            Kirim ulasan
          </SubmitButton>
        </form>
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

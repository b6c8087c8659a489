import { ChoiceGroup } from '../shared/Field';

/** A 1–5 rating as five labelled radios ('4 dari 5 bintang'): keyboard and screen-reader usable. */
export function StarRating({ value, error, onChange }: { value: string; error?: string | undefined; onChange(value: string): void }) {
  return (
    <ChoiceGroup name="rating" legend="Nilai" error={error}>
      {(control) => (
        <div className="stars">
          {['1', '2', '3', '4', '5'].map((star) => (
            <label key={star} className="stars__option">
              <input {...control} type="radio" value={star} checked={value === star} onChange={() => onChange(star)} />
              <span aria-hidden="true">{Number(star) <= Number(value || 0) ? '★' : '☆'}</span>
              <span className="visually-hidden">{star} dari 5 bintang</span>
            </label>
          ))}
        </div>
      )}
    </ChoiceGroup>
  );
}

/** '★★★★☆' with its reading for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars__shown" role="img" aria-label={`${rating} dari 5 bintang`}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}

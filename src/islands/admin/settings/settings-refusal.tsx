/** A field the server names in a 400 (`css`, `meta.description`) and its message. */
export interface FieldError {
  field: string;
  message: string;
}

/** How many of the server's messages show before 'Tampilkan … lainnya': one wrong colour fails dozens of pairs. */
const FIRST = 3;

const FieldList = ({ fields }: { fields: readonly FieldError[] }) => (
  <ul>
    {fields.map(({ field, message }, index) => (
      // The server may name one field many times (each failing colour pair under `css`).
      // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
      <li key={index}>
        {field}: {message}
      </li>
    ))}
  </ul>
);

/**
 * The server's refusal in its own words: a message alone as it is; one that lists fields (`Data tidak
 * valid: a: …; b: …`) as its heading and those fields, the first few shown and the rest a click away.
 */
export function RefusalText({ text, fields = [] }: { text: string; fields?: readonly FieldError[] | undefined }) {
  if (!fields.length) return <p>{text}</p>;
  const heading = text.includes(':') ? text.slice(0, text.indexOf(':')) : text;
  return (
    <>
      <p>{heading}:</p>
      <FieldList fields={fields.slice(0, FIRST)} />
      {fields.length > FIRST && (
        <details>
          <summary>Tampilkan {fields.length - FIRST} pesan lainnya</summary>
          <FieldList fields={fields.slice(FIRST)} />
        </details>
      )}
    </>
  );
}

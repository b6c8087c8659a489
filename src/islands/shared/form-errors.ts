/** An issue as zod (full or mini) reports it. */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Per field, the first message: what the form shows beside each field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of each top-level field among `issues` (a schema's or the server's 400 `fields`). */
export function fieldErrors<K extends string>(issues: readonly Issue[]): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<K>;
}

/** The server's 400 `fields` (`{ field, message }`) as issues; a dotted field counts for its first part. */
export const serverIssues = (fields: readonly { field: string; message: string }[] = []): Issue[] =>
  fields.map(({ field, message }) => ({ path: field.split('.'), message }));

/**
 * Focuses the first control (in the page's order) of a field in `order` that has an error, so a
 * keyboard or screen-reader user lands where the form needs them; radio groups get their first option.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, order: readonly string[], errors: FieldErrors<string>): void {
  if (!form) return;
  const wanted = new Set(order.filter((name) => errors[name]));
  // The first control in the page's order whose field has an error (a list's own message may have none).
  for (const element of form.elements) {
    const name = element.getAttribute('name');
    if (name && wanted.has(name) && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

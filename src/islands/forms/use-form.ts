import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { type FieldErrors, focusFirstInvalid, type Issue, serverIssues } from '../shared/form-errors';
import { typedAhead } from '../shared/typed-ahead';
import { useHydrated } from '../shared/use-hydrated';

/** A schema as the forms' zod/mini contract gives it (only what the hook uses). */
interface FormSchema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

type Value = string | boolean;

/** The first message of each field by its whole path (`email`, `members.0.nisn`), so list items get theirs. */
export function pathErrors(issues: readonly Issue[]): FieldErrors<string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (path && errors[path] === undefined) errors[path] = issue.message;
  }
  return errors;
}

interface Options<V extends Record<string, Value>, Out, Result> {
  /** The form's accessible name, also how `typedAhead` finds the server-rendered form. */
  label: string;
  empty: V;
  schema: FormSchema<Out>;
  /** Sends the valid form with this submission's idempotency key. */
  send(data: Out, idempotencyKey: string): Promise<Result>;
  /**
   * What is validated and sent, made from the typed values (default: the values as they are): add
   * what the form holds elsewhere (list items, an upload), drop helper fields, convert types.
   */
  input?: (values: V) => Record<string, unknown>;
}

export interface FormState<V extends Record<string, Value>, Result> {
  ref: RefObject<HTMLFormElement | null>;
  /** The form's accessible name (`Options.label`). */
  label: string;
  /** False until the island has hydrated: until then the submit button sends nothing (`FormParts.tsx` `FormSubmit`). */
  hydrated: boolean;
  values: V;
  errors: FieldErrors<string>;
  alert: string | undefined;
  /** Whether the failure is one that sending the same again can fix (no answer, a server fault, a rate limit). */
  retryable: boolean;
  busy: boolean;
  result: Result | undefined;
  set<K extends keyof V & string>(name: K, value: V[K]): void;
  leave(name: string): void;
  /** Drops the server's message of `name` (for values the form keeps outside `values`, such as list items). */
  forget(name: string): void;
  /** Props of a text input, select or textarea bound to `name`. */
  text(name: keyof V & string): {
    value: string;
    onChange(event: { target: { value: string } }): void;
    onBlur(event?: { relatedTarget: EventTarget | null }): void;
  };
  submit(event?: FormEvent): Promise<void>;
  /** Starts a new, empty form after a success. */
  reset(): void;
}

/**
 * One form island's state: values (with what was typed before hydration), messages beside each
 * field from the very schema the server uses (on leaving a field, and all on submit), the server's
 * 400/409 fields beside theirs, and a form-level alert for anything else. A submission carries an
 * idempotency key that stays the same while the data does, so a retry after a lost answer or a
 * double click stores one row; what the visitor typed is never cleared by a failure.
 */
export function useForm<V extends Record<string, Value>, Out, Result>(options: Options<V, Out, Result>): FormState<V, Result> {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [values, setValues] = useState<V>(() => typedAhead(options.label, options.empty));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<string>>({});
  const [alert, setAlert] = useState<string>();
  const [retryable, setRetryable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>();
  const attempt = useRef<{ key: string; body: string }>(undefined);

  const input = options.input ? options.input(values) : values;
  const parsed = options.schema.safeParse(input);
  const local = parsed.success ? {} : pathErrors(parsed.error.issues);
  // Fields in the order of the form's values, then nested ones (list items) as the schema reports them.
  const order = [...new Set([...Object.keys(values), ...Object.keys(input), ...Object.keys(local), ...Object.keys(serverErrors)])];
  const errors: FieldErrors<string> = {};
  for (const name of order) {
    const message = serverErrors[name] ?? (touched[name] ? local[name] : undefined);
    if (message) errors[name] = message;
  }

  const forget = (name: string) => setServerErrors(({ [name]: _, ...rest }) => rest);
  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    forget(name);
  };
  const leave = (name: string) => setTouched((current) => (current[name] ? current : { ...current, [name]: true }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setTouched(Object.fromEntries(order.map((name) => [name, true])));
    setAlert(undefined);
    setRetryable(false);
    if (!parsed.success) {
      focusFirstInvalid(ref.current, order, local);
      return;
    }
    const body = JSON.stringify(parsed.data);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    setBusy(true);
    try {
      setResult(await options.send(parsed.data, attempt.current.key));
      attempt.current = undefined;
    } catch (error) {
      if (error instanceof ApiRequestError && (error.statusCode === 400 || error.statusCode === 409) && error.fields?.length) {
        const found = pathErrors(serverIssues(error.fields));
        setServerErrors(found);
        setAlert(error.statusCode === 409 ? error.message : 'Periksa kembali isian yang ditandai.');
        focusFirstInvalid(ref.current, order, found);
      } else {
        setAlert(failureMessage(error));
        setRetryable(!(error instanceof ApiRequestError) || error.statusCode === 0 || error.statusCode === 429 || error.statusCode >= 500);
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    ref,
    label: options.label,
    hydrated,
    values,
    errors,
    alert,
    retryable,
    busy,
    result,
    set,
    leave,
    forget,
    text: (name) => ({
      value: String(values[name] ?? ''),
      onChange: (event) => set(name, event.target.value as V[typeof name]),
      // Leaving for the submit button shows nothing yet: a message appearing then would move the
      // button from under the pointer and swallow the click; the submit shows every message anyway.
      onBlur: (event) => {
        if ((event?.relatedTarget as Element | null | undefined)?.getAttribute('type') !== 'submit') leave(name);
      },
    }),
    submit,
    reset: () => {
      setValues(options.empty);
      setTouched({});
      setServerErrors({});
      setAlert(undefined);
      setResult(undefined);
    },
  };
}

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DISC_GROUP_COUNT, DiscSubmissionSchema } from '~/contract/disc';
import { createUserDisc } from '~/lib/api/remote-db';
import { DISC_INSTRUCTION, DISC_QUESTIONNAIRE } from '~/lib/disc/questionnaire';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { useHydrated } from '../shared/use-hydrated';
import { DiscResult } from './DiscResult';
import { complete, missingAnswer, type Pair } from './disc-steps';
import { FormAlert, FormSubmit } from './FormParts';
import { remoteDb, unwrap } from './remote';
import { useForm } from './use-form';
import '../shared/forms.css';
import './disc-test.css';

const LABEL = 'Tes DISC';
const EMPTY = { name: '', email: '' };
/** Where the answers wait in this tab until the result is stored (a reload mid-test keeps them). */
const STORE_KEY = 'disc-answers';
const SIDES = ['Paling menggambarkan saya', 'Paling tidak menggambarkan saya'] as const;

const emptySheet = (): Pair[] => DISC_QUESTIONNAIRE.map(() => [-1, -1]);
/** The first group still to answer; the count of groups (the name step) when all are. */
const firstOpen = (sheet: Pair[]) => {
  const open = sheet.findIndex((pair) => !complete(pair));
  return open < 0 ? sheet.length : open;
};

/** The answers kept in this tab, when they are a sheet of this questionnaire. */
function savedSheet(): Pair[] | undefined {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null');
    const valid =
      Array.isArray(saved) &&
      saved.length === DISC_GROUP_COUNT &&
      saved.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((i) => Number.isInteger(i) && i >= -1 && i <= 3));
    return valid ? (saved as Pair[]) : undefined;
  } catch {
    // Storage blocked or a stray value: the test starts empty.
    return undefined;
  }
}

/**
 * The DISC test (/Welcome): the 24 groups one step at a time (phones first), then a name and an
 * e-mail; the server scores the answers and stores them as user_disc, and the stored row's type is
 * explained. The answers live in sessionStorage until then, so a reload or an outage loses nothing.
 */
function DiscTest() {
  const hydrated = useHydrated();
  const [sheet, setSheet] = useState<Pair[]>(emptySheet);
  const [step, setStep] = useState(0);
  const [refusal, setRefusal] = useState<string>();
  // Why 'Berikutnya' did not move on (pressed, or Enter, before the group was answered).
  const [nudge, setNudge] = useState<string>();
  // Each refused press is a new message, so the alert speaks again even when the words are the same.
  const [nudges, setNudges] = useState(0);
  const [restored, setRestored] = useState(false);
  const start = useRef<HTMLFieldSetElement>(null);
  // How often the visitor moved between steps: each move hands the focus to the new step.
  const [moves, setMoves] = useState(0);
  const id = useId();
  const refusalId = `${id}-refusal`;
  const hintId = `${id}-next-hint`;
  const nudgeId = `${id}-next-nudge`;
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: DiscSubmissionSchema,
    input: (values) => ({ ...values, answers: sheet }),
    send: async (data, idempotencyKey) => unwrap(await createUserDisc(await remoteDb(), data, { idempotencyKey })),
  });

  // After hydration (the server's markup is the empty test): take up the answers of this tab.
  useEffect(() => {
    const saved = savedSheet();
    if (saved) {
      setSheet(saved);
      setStep(firstOpen(saved));
    }
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!restored) return;
    try {
      if (form.result) sessionStorage.removeItem(STORE_KEY);
      else sessionStorage.setItem(STORE_KEY, JSON.stringify(sheet));
    } catch {
      // Storage blocked: the test still works, a reload just starts over.
    }
  }, [restored, sheet, form.result]);
  // A step the visitor moved to takes the focus, so a screen reader reads its legend (not on first render).
  useEffect(() => {
    if (moves) start.current?.focus();
  }, [moves]);

  const go = (next: number) => {
    setMoves((count) => count + 1);
    setRefusal(undefined);
    setNudge(undefined);
    setStep(next);
  };
  const restart = () => {
    form.reset();
    setSheet(emptySheet());
    go(0);
  };

  if (form.result) return <DiscResult row={form.result} onRestart={restart} />;

  const answered = sheet.filter(complete).length;
  const group = DISC_QUESTIONNAIRE[step];
  const pair = sheet[step] ?? [-1, -1];
  const pick = (side: 0 | 1, option: number) => {
    const word = group?.[option]?.word;
    setNudge(undefined);
    if (side === 1 && option === pair[0]) {
      setRefusal(`“${word}” sudah dipilih sebagai paling menggambarkan. Pilih kata lain yang paling tidak menggambarkan.`);
      return;
    }
    const cleared = side === 0 && option === pair[1];
    setRefusal(
      cleared ? `“${word}” kini dipilih sebagai paling menggambarkan. Pilih lagi kata yang paling tidak menggambarkan.` : undefined,
    );
    const next: Pair = side === 0 ? [option, cleared ? -1 : pair[1]] : [pair[0], option];
    setSheet((current) => current.map((old, index) => (index === step ? next : old)));
  };
  const onSubmit = (event: FormEvent) => {
    if (step >= DISC_GROUP_COUNT) return void form.submit(event);
    // Enter on a radio submits the form: it means 'Berikutnya'; too early, the live region says why.
    event.preventDefault();
    if (complete(pair)) go(step + 1);
    else {
      setNudge(missingAnswer(pair));
      setNudges((count) => count + 1);
    }
  };

  return (
    <form ref={form.ref} className="form disc" method="post" noValidate onSubmit={onSubmit} aria-label={LABEL}>
      <p className="disc__instruction">{DISC_INSTRUCTION}</p>
      <div className="disc__progress">
        <label htmlFor={`${id}-progress`}>
          Terjawab {answered} dari {DISC_GROUP_COUNT} kelompok
        </label>
        <progress id={`${id}-progress`} max={DISC_GROUP_COUNT} value={answered} />
      </div>
      {group ? (
        <fieldset className="disc__step" key={step} ref={start} tabIndex={-1}>
          <legend>
            Kelompok {step + 1} dari {DISC_GROUP_COUNT}
          </legend>
          <div className="disc__sides">
            {SIDES.map((legend, side) => {
              const invalid = side === 1 && refusal ? true : undefined;
              return (
                <fieldset className="field field--group" key={legend} data-invalid={invalid && ''}>
                  <legend>{legend}</legend>
                  <div className="choices choices--stack">
                    {group.map((option, index) => (
                      <label className="choice" key={option.word}>
                        <input
                          type="radio"
                          name={`${side ? 'least' : 'most'}-${step}`}
                          value={index}
                          checked={pair[side] === index}
                          disabled={!hydrated}
                          aria-invalid={invalid}
                          aria-describedby={invalid && refusalId}
                          onChange={() => pick(side as 0 | 1, index)}
                        />
                        {option.word}
                      </label>
                    ))}
                  </div>
                  {invalid && (
                    <p className="field__error" id={refusalId} role="alert">
                      {refusal}
                    </p>
                  )}
                </fieldset>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <fieldset className="disc__step" key="details" ref={start} tabIndex={-1}>
          <legend>Terakhir: nama dan email</legend>
          <p className="field__hint">Hasil tes disimpan bersama nama dan email ini.</p>
          <FormAlert message={form.alert} busy={form.busy} onRetry={form.retryable ? () => void form.submit() : undefined} />
          <Field name="name" label="Nama" error={form.errors.name}>
            {(control) => <input {...control} {...form.text('name')} type="text" autoComplete="name" maxLength={100} required />}
          </Field>
          <Field name="email" label="Email" error={form.errors.email}>
            {(control) => (
              <input {...control} {...form.text('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
            )}
          </Field>
        </fieldset>
      )}
      <div className="disc__nav">
        <button type="button" className="btn btn--secondary" disabled={step === 0 || form.busy} onClick={() => go(step - 1)}>
          Sebelumnya
        </button>
        {group ? (
          // Never disabled, so Tab reaches it: before hydration it submits nothing (a plain button), and
          // pressed before the group is answered it says why (`nudge`).
          <button
            type={hydrated ? 'submit' : 'button'}
            className="btn btn--primary"
            aria-disabled={!hydrated || !complete(pair) || undefined}
            aria-describedby={nudge ? nudgeId : complete(pair) ? undefined : hintId}
          >
            Berikutnya
          </button>
        ) : (
          <FormSubmit busy={form.busy} ready={hydrated}>
            Lihat hasil
          </FormSubmit>
        )}
      </div>
      {group && !complete(pair) && (
        <p className="field__hint" id={hintId}>
          Pilih kata yang paling dan yang paling tidak menggambarkan untuk lanjut.
        </p>
      )}
      {/* On every group step from its first render, so what it is given to say is announced. */}
      {group && (
        <div role="alert" id={nudgeId}>
          {nudge && (
            <p key={nudges} className="field__error">
              {nudge}
            </p>
          )}
        </div>
      )}
      <noscript>
        <p>Aktifkan JavaScript di peramban Anda untuk mengerjakan tes ini.</p>
      </noscript>
    </form>
  );
}

/** The DISC test island on /Welcome (`client:visible`: it sits below the page's welcome copy). */
export default function DiscTestIsland() {
  return (
    <IslandBoundary source="DiscTest">
      <DiscTest />
    </IslandBoundary>
  );
}

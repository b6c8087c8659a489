import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { AppSettings } from '~/contract/settings';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { updateAppSettings } from '~/lib/api/settings';
import { themeVariables } from '~/lib/tenant/theme';
import { Notice, problemText } from '../kit';
import { type ShownAssets, shownUrl } from './settings-assets';
import { contrastProblems } from './settings-contrast';
import {
  COLOURS,
  changesOf,
  checkChanges,
  draftOf,
  previewCss,
  type SettingsDraft,
  type SettingsErrors,
  serverErrors,
} from './settings-draft';
import { ColourField, TextField } from './settings-fields';
import { SettingsPreview } from './settings-preview';
import { type FieldError, RefusalText } from './settings-refusal';
import { ImagesSection, LayoutSection, LoginSection, MetaSection } from './settings-sections';

interface Props {
  client: ApiClient;
  code: string;
  saved: AppSettings;
  shown: ShownAssets;
  onSaved(settings: AppSettings): void;
  /** Loads the settings again (after another admin's change), dropping what was typed. */
  onReload(): void;
}

const SAVED_TEXT = 'Pengaturan disimpan. Situs sedang dibangun ulang; perubahan tampil di situs dalam beberapa saat.';

/**
 * Everything of the site setting but the maintenance switch, with the live preview beside it. Save
 * sends only what changed, with the revision it was loaded at; a refusal keeps every field as typed,
 * shows the server's message and marks the fields it names.
 */
export function SettingsForm({ client, code, saved, shown, onSaved, onReload }: Props) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [alert, setAlert] = useState<{ text: string; fields?: readonly FieldError[] | undefined; conflict: boolean } | undefined>();
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const changes = changesOf(draft, saved);
  const dirty = Object.keys(changes).length > 0;
  const css = previewCss(draft.css, saved.css);
  const cssKey = JSON.stringify(css);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours' text is the key; `css` is a new object each render.
  const vars = useMemo(() => themeVariables(css), [cssKey]);
  const problems = useMemo(() => contrastProblems(vars), [vars]);

  // The first marked field takes the focus after a refused save; the alert when no field is named.
  useEffect(() => {
    if (!focusTick) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [focusTick]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', hold);
    return () => removeEventListener('beforeunload', hold);
  }, [dirty]);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setDone('');
  };
  const setIn = <K extends 'css' | 'meta' | 'login'>(key: K, part: Partial<SettingsDraft[K]>) =>
    setDraft((current) => ({ ...current, [key]: { ...current[key], ...part } }));
  const error = (field: string) => errors[field];
  const section = { draft, error, set, setIn };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    setAlert(undefined);
    if (!dirty) {
      setDone('Tidak ada perubahan untuk disimpan.');
      return;
    }
    const found = checkChanges(changes);
    setErrors(found);
    if (Object.keys(found).length) {
      setAlert({ text: 'Periksa isian yang ditandai, lalu simpan lagi.', conflict: false });
      setFocusTick((tick) => tick + 1);
      return;
    }
    setBusy(true);
    try {
      const next = await updateAppSettings(client, code, { ...changes, revision: saved.revision });
      onSaved(next);
      setDraft(draftOf(next));
      setDone(SAVED_TEXT);
    } catch (failure) {
      const refused = failure instanceof ApiRequestError ? failure : undefined;
      setErrors(serverErrors(refused?.fields));
      setAlert({ text: problemText(failure), fields: refused?.fields, conflict: refused?.statusCode === 409 });
      setFocusTick((tick) => tick + 1);
    } finally {
      setBusy(false);
    }
  };

  const cssError = errors.css ? 'settings-css-error' : undefined;
  return (
    <form ref={form} className="settings-form" noValidate onSubmit={submit}>
      <fieldset className="settings-section">
        <legend>Identitas</legend>
        <TextField
          name="title"
          label="Judul situs"
          value={draft.title}
          error={error('title')}
          maxLength={200}
          onChange={(v) => set('title', v)}
        />
      </fieldset>

      <ImagesSection {...section} client={client} saved={saved} shown={shown} />

      <LayoutSection {...section} saved={saved} />

      <fieldset className="settings-section">
        <legend>Warna</legend>
        <p className="field__hint">
          Teks situs memakai turunan warna ini yang terbaca (WCAG AA); pratinjau dan pemeriksaan kontras berubah saat Anda mengetik.
        </p>
        {errors.css && (
          <p className="field__error" id={cssError}>
            {errors.css}
          </p>
        )}
        <div className="settings-colours">
          {COLOURS.map((colour) => (
            <ColourField
              key={colour.key}
              colour={colour}
              value={draft.css[colour.key]}
              error={error(`css.${colour.key}`)}
              sharedMessage={cssError}
              onChange={(v) => setIn('css', { [colour.key]: v })}
            />
          ))}
        </div>
      </fieldset>

      <SettingsPreview
        vars={vars}
        title={draft.title}
        logoDark={shownUrl(draft.logoDark, saved.logoDark, shown.logoDark)}
        logoLight={shownUrl(draft.logoLight, saved.logoLight, shown.logoLight)}
        problems={problems}
        newFonts={draft.css.ft_primary !== saved.css.ft_primary || draft.css.ft_secondary !== saved.css.ft_secondary}
      />

      <MetaSection {...section} />

      <LoginSection {...section} />

      <div className="settings-submit">
        {alert && (
          <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
            <RefusalText text={alert.text} fields={alert.fields} />
            {alert.conflict && (
              <button type="button" className="btn btn--secondary" onClick={onReload}>
                Muat pengaturan terbaru (isian Anda hilang)
              </button>
            )}
          </div>
        )}
        <Notice>
          {done && (
            <>
              {done}
              {done === SAVED_TEXT && (
                <>
                  {' '}
                  <a href="/Admin/Build">Lihat kemajuan build</a>
                </>
              )}
            </>
          )}
        </Notice>
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Memproses…' : 'Simpan pengaturan'}
          </button>
          {dirty && (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setDraft(draftOf(saved));
                setErrors({});
                setAlert(undefined);
              }}
            >
              Batalkan perubahan
            </button>
          )}
        </div>
        <p className="field__hint" role="status">
          {dirty ? 'Ada perubahan yang belum disimpan.' : ''}
        </p>
      </div>
    </form>
  );
}

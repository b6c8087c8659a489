import { type AppSettings, FONT_NAMES } from '~/contract/settings';
import type { ApiClient } from '~/lib/api/client';
import { LAYOUT_VARIANTS } from '~/lib/tenant/layouts';
import { ChoiceGroup } from '../../shared/Field';
import { type ShownAssets, shownUrl } from './settings-assets';
import type { SettingsDraft } from './settings-draft';
import { SelectField, TextField } from './settings-fields';
import { ImageField } from './settings-image';

/** What each part of the settings form is given: the draft, the message of a field, and the setters. */
export interface SectionProps {
  draft: SettingsDraft;
  error(field: string): string | undefined;
  set<K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]): void;
  setIn<K extends 'css' | 'meta' | 'login'>(key: K, part: Partial<SettingsDraft[K]>): void;
}

/** The two logos and the favicon: each shown, replaceable by an upload, restorable. */
export function ImagesSection({
  draft,
  error,
  set,
  client,
  saved,
  shown,
}: SectionProps & { client: ApiClient; saved: AppSettings; shown: ShownAssets }) {
  return (
    <fieldset className="settings-section settings-images">
      <legend>Logo dan ikon</legend>
      <ImageField
        name="logoDark"
        label="Logo gelap"
        use="Untuk latar terang (kepala halaman)."
        client={client}
        value={draft.logoDark}
        saved={saved.logoDark}
        src={shownUrl(draft.logoDark, saved.logoDark, shown.logoDark)}
        ground="light"
        error={error('logoDark')}
        onChange={(v) => set('logoDark', v)}
      />
      <ImageField
        name="logoLight"
        label="Logo terang"
        use="Untuk latar gelap (kaki halaman, pita berwarna)."
        client={client}
        value={draft.logoLight}
        saved={saved.logoLight}
        src={shownUrl(draft.logoLight, saved.logoLight, shown.logoLight)}
        ground="dark"
        error={error('logoLight')}
        onChange={(v) => set('logoLight', v)}
      />
      <ImageField
        name="favicon"
        label="Favicon"
        use="Ikon kecil di tab peramban; gambar persegi."
        client={client}
        value={draft.favicon}
        saved={saved.favicon}
        src={shownUrl(draft.favicon, saved.favicon, shown.favicon)}
        ground="light"
        error={error('favicon')}
        onChange={(v) => set('favicon', v)}
      />
    </fieldset>
  );
}

/** Page metadata: the name, description and keywords search engines and shares show, and the robots rules. */
export function MetaSection({ draft, error, setIn }: SectionProps) {
  return (
    <fieldset className="settings-section">
      <legend>Meta (mesin pencari dan berbagi)</legend>
      <TextField
        name="meta.site_name"
        label="Nama situs"
        hint="Nama yang tampil saat halaman dibagikan."
        value={draft.meta.site_name}
        error={error('meta.site_name')}
        maxLength={200}
        onChange={(v) => setIn('meta', { site_name: v })}
      />
      <TextField
        name="meta.description"
        label="Deskripsi"
        hint="Satu atau dua kalimat untuk hasil pencarian."
        rows={3}
        value={draft.meta.description}
        error={error('meta.description')}
        maxLength={2000}
        onChange={(v) => setIn('meta', { description: v })}
      />
      <TextField
        name="meta.keywords"
        label="Kata kunci"
        hint="Pisahkan dengan koma."
        value={draft.meta.keywords}
        error={error('meta.keywords')}
        maxLength={1000}
        onChange={(v) => setIn('meta', { keywords: v })}
      />
      <fieldset className="field">
        <legend>Mesin pencari</legend>
        <label className="choice">
          <input
            type="checkbox"
            name="meta.robot_index"
            checked={draft.meta.robot_index}
            onChange={(event) => setIn('meta', { robot_index: event.target.checked })}
          />
          Boleh menampilkan halaman situs di hasil pencarian (index)
        </label>
        <label className="choice">
          <input
            type="checkbox"
            name="meta.robot_follow"
            checked={draft.meta.robot_follow}
            onChange={(event) => setIn('meta', { robot_follow: event.target.checked })}
          />
          Boleh mengikuti tautan di halaman situs (follow)
        </label>
      </fieldset>
    </fieldset>
  );
}

/** How visitors sign in: the site's own form or the account service's page. */
export function LoginSection({ draft, error, setIn }: SectionProps) {
  return (
    <fieldset className="settings-section">
      <legend>Cara masuk</legend>
      <ChoiceGroup name="login.mode" legend="Pengunjung masuk lewat" error={error('login.mode')}>
        {(control) => (
          <div className="choices choices--stack">
            {(
              [
                ['form', 'Formulir di halaman /Login situs ini'],
                ['redirect', 'Halaman masuk layanan akun (dialihkan, lalu kembali ke /CallbackAuth)'],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className="choice">
                <input
                  {...control}
                  type="radio"
                  value={mode}
                  checked={draft.login.mode === mode}
                  onChange={() => setIn('login', { mode })}
                />
                {label}
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>
      <TextField
        name="login.accountUrl"
        label="Alamat halaman masuk layanan akun"
        hint="Hanya untuk mode dialihkan. Kosongkan untuk halaman masuk layanan akun bawaan."
        type="url"
        value={draft.login.accountUrl}
        error={error('login.accountUrl')}
        onChange={(v) => setIn('login', { accountUrl: v })}
      />
    </fieldset>
  );
}

/** The layouts a tenant may name, with the site variant each renders as; a stored one outside the list stays choosable. */
function layoutOptions(current: string) {
  const options = Object.entries(LAYOUT_VARIANTS).map(([name, variant]) => ({ value: name, label: `${name} (tampilan ${variant})` }));
  return options.some((option) => option.value === current) ? options : [{ value: current, label: current }, ...options];
}
const FONT_OPTIONS = FONT_NAMES.map((font) => ({ value: font, label: font }));

/** The layout (the site variant it renders as) and the two fonts. */
export function LayoutSection({ draft, error, set, setIn, saved }: SectionProps & { saved: AppSettings }) {
  return (
    <fieldset className="settings-section">
      <legend>Tata letak dan huruf</legend>
      <SelectField
        name="layout"
        label="Tata letak"
        hint="Menentukan kepala, kaki, dan susunan beranda situs."
        value={draft.layout}
        options={layoutOptions(saved.layout)}
        error={error('layout')}
        onChange={(v) => set('layout', v)}
      />
      <div className="form__row">
        <SelectField
          name="css.ft_primary"
          label="Huruf judul"
          value={draft.css.ft_primary}
          options={FONT_OPTIONS}
          error={error('css.ft_primary')}
          onChange={(v) => setIn('css', { ft_primary: v as SettingsDraft['css']['ft_primary'] })}
        />
        <SelectField
          name="css.ft_secondary"
          label="Huruf teks"
          value={draft.css.ft_secondary}
          options={FONT_OPTIONS}
          error={error('css.ft_secondary')}
          onChange={(v) => setIn('css', { ft_secondary: v as SettingsDraft['css']['ft_secondary'] })}
        />
      </div>
    </fieldset>
  );
}

import { type AppSettings, SETTING_VALUE_SCHEMAS, type SettingKey, type SiteCss } from '~/contract/settings';

/*
 * The settings form's state, framework-free: what an admin edits (everything of the site setting but
 * the maintenance switch, which saves on its own), what of it changed since it was loaded, and the
 * contract's own check of each changed value before it is sent.
 */

/** The eight colours, in the order the form shows them, with the words the console uses. */
export const COLOURS = [
  { key: 'clr_primary', label: 'Primer', use: 'Tombol utama, aksen, pita berwarna.' },
  { key: 'clr_secondary', label: 'Sekunder', use: 'Tautan, tombol kedua.' },
  { key: 'clr_success', label: 'Sukses', use: 'Pesan berhasil, tanda terbit.' },
  { key: 'clr_info', label: 'Info', use: 'Cincin fokus, keterangan.' },
  { key: 'clr_warning', label: 'Peringatan', use: 'Peringatan.' },
  { key: 'clr_danger', label: 'Bahaya', use: 'Pesan galat, tombol hapus.' },
  { key: 'clr_light', label: 'Terang', use: 'Latar abu-abu muda bagian halaman.' },
  { key: 'clr_dark', label: 'Gelap', use: 'Teks utama dan latar gelap (kaki halaman).' },
] as const;
export type ColourKey = (typeof COLOURS)[number]['key'];

/** What the form edits. Colours are kept as typed, so a half-typed code is not lost. */
export interface SettingsDraft {
  title: string;
  logoDark: string;
  logoLight: string;
  favicon: string;
  layout: string;
  css: SiteCss;
  meta: { description: string; keywords: string; site_name: string; robot_index: boolean; robot_follow: boolean };
  login: AppSettings['login'];
}

/** The form's keys, in the order the page shows their fields (the first invalid one takes the focus). */
const DRAFT_KEYS = ['title', 'logoDark', 'logoLight', 'favicon', 'layout', 'css', 'meta', 'login'] as const satisfies readonly SettingKey[];

export function draftOf(settings: AppSettings): SettingsDraft {
  const { description, keywords, site_name, robot_index, robot_follow } = settings.meta;
  return {
    title: settings.title,
    logoDark: settings.logoDark,
    logoLight: settings.logoLight,
    favicon: settings.favicon,
    layout: settings.layout,
    css: { ...settings.css },
    meta: { description, keywords, site_name, robot_index, robot_follow },
    login: { ...settings.login },
  };
}

/** The whole value each key would be stored as: object settings merged over what is stored, as the server does. */
function storedValue(key: (typeof DRAFT_KEYS)[number], draft: SettingsDraft, saved: AppSettings): unknown {
  if (key === 'css') return { ...saved.css, ...draft.css };
  if (key === 'meta') return { ...saved.meta, ...draft.meta };
  if (key === 'login') return { ...saved.login, ...draft.login };
  return draft[key];
}

/** The settings that differ from what was loaded, each as its whole value: what Save sends. */
export function changesOf(draft: SettingsDraft, saved: AppSettings): Partial<Record<SettingKey, unknown>> {
  const changes: Partial<Record<SettingKey, unknown>> = {};
  for (const key of DRAFT_KEYS) {
    const value = storedValue(key, draft, saved);
    if (JSON.stringify(value) !== JSON.stringify(saved[key])) changes[key] = value;
  }
  return changes;
}

/** Field path (`title`, `css.clr_dark`, `meta.description`) → its message. */
export type SettingsErrors = Partial<Record<string, string>>;

/** Each changed value checked with the schema the server uses; messages by field path. */
export function checkChanges(changes: Partial<Record<SettingKey, unknown>>): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const [key, value] of Object.entries(changes) as [SettingKey, unknown][]) {
    const result = SETTING_VALUE_SCHEMAS[key].safeParse(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const field = [key, ...issue.path.map(String)].join('.');
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The server's 400 `fields` by path. The AA refusal arrives as `css`, once per failing pair: beside
 * the colours it is counted (the alert holds the server's whole message, the preview lists the pairs).
 */
export function serverErrors(fields: readonly { field: string; message: string }[] | undefined): SettingsErrors {
  const errors: SettingsErrors = {};
  let pairs = 0;
  for (const { field, message } of fields ?? []) {
    if (field === 'css' && message.includes('WCAG AA')) pairs++;
    else errors[field] ??= message;
  }
  if (pairs) errors.css = `Ditolak server: ${pairs} pasangan warna di bawah WCAG AA (daftarnya di bawah pratinjau).`;
  return errors;
}

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
export const isHex = (value: string): boolean => HEX.test(value);

/** A colour as `<input type="color">` takes it: `#rrggbb`, lower case (`#2AF` → `#22aaff`). */
export function colourInputValue(hex: string): string {
  if (!isHex(hex)) return '#000000';
  const digits = hex.slice(1).toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((digit) => digit + digit).join('')}` : `#${digits}`;
}

/** The colours the preview paints with: each typed colour once it is a whole code, else the stored one. */
export function previewCss(draft: SiteCss, saved: SiteCss): SiteCss {
  const css = { ...draft };
  for (const { key } of COLOURS) if (!isHex(css[key])) css[key] = saved[key];
  return css;
}

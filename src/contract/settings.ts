import { z } from 'zod';
import { envelope } from './common';
import { AssetRefSchema, UrlSchema, WebUrlSchema } from './url';

/** Colour in #rgb or #rrggbb form, as the CMS stores it. */
const ColorSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'warna harus berupa kode hex, mis. #2096C4');

/**
 * The font families a site may use. They are self-hosted (no font CDN is reachable), so a setting
 * naming any other family is refused here rather than rendering in a fallback font.
 */
export const FONT_NAMES = ['Raleway', 'Inter', 'Montserrat', 'Nunito', 'Lexend', 'Outfit', 'DM Sans', 'Work Sans', 'Fraunces'] as const;
export type FontName = (typeof FONT_NAMES)[number];

const FontNameSchema = z.enum(FONT_NAMES, {
  error: (issue) => `font "${String(issue.input)}" tidak tersedia; pilih salah satu: ${FONT_NAMES.join(', ')}`,
});

/** Theme settings of a site (SPEC §3 "Site setting" css): two font names and eight colours. */
export const SiteCssSchema = z
  .object({
    ft_primary: FontNameSchema.default('Raleway'),
    ft_secondary: FontNameSchema.default('Inter'),
    clr_primary: ColorSchema.default('#2096C4'),
    clr_secondary: ColorSchema.default('#2F80ED'),
    clr_success: ColorSchema.default('#2dce89'),
    clr_info: ColorSchema.default('#11cdef'),
    clr_warning: ColorSchema.default('#fb6340'),
    clr_danger: ColorSchema.default('#f5365c'),
    clr_light: ColorSchema.default('#adb5bd'),
    clr_dark: ColorSchema.default('#212529'),
  })
  .strict();

/** Page metadata defaults of a site (SPEC §3 "Site setting" meta). */
export const SiteMetaSchema = z
  .object({
    name: z.string().max(200).default(''),
    description: z.string().max(2000).default(''),
    keywords: z.string().max(1000).default(''),
    type: z.string().max(64).default('website'),
    image: UrlSchema.default(''),
    card: z.string().max(64).default('summary_large_image'),
    site_name: z.string().max(200).default(''),
    /** The site's own address (canonical links, sitemap): an absolute http(s) URL. */
    url: WebUrlSchema.default(''),
    twitter_site: z.string().max(100).default(''),
    robot_index: z.boolean().default(true),
    robot_follow: z.boolean().default(true),
  })
  .strict();

/**
 * How visitors sign in (SPEC §2 "Page shell"): on the site's own /Login form, or in redirect-login
 * mode at an external account service's login page, which returns to /CallbackAuth. `accountUrl`
 * is that page; empty means the embedded auth service's (`<auth base>login`).
 */
export const LoginSettingSchema = z.strictObject({
  mode: z.enum(['form', 'redirect'], { error: 'mode harus form atau redirect' }).default('form'),
  accountUrl: UrlSchema.default(''),
});

/**
 * The AI chat assistant (contract/chat.ts): whether the tenant's pages offer it, and the workspace id
 * its conversations belong to (sent as v2/chat's workspace_id).
 */
export const ChatSettingSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled harus true atau false' }).default(false),
  workspace: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'workspace: huruf kecil, angka dan -, maksimal 64')
    .default('umum'),
});
export type ChatSetting = z.infer<typeof ChatSettingSchema>;

/**
 * The site setting of one tenant (SPEC §3). `isMaintenance` stays optional on purpose:
 * a missing flag means the site is under maintenance (SPEC §2 "Page shell").
 */
export const SiteSettingSchema = z
  .object({
    title: z.string().min(1),
    // Files of the tenant's seed folder (the build copies them) or http(s) URLs.
    logoDark: AssetRefSchema.pipe(z.string().min(1)),
    logoLight: AssetRefSchema.pipe(z.string().min(1)),
    favicon: AssetRefSchema.pipe(z.string().min(1)),
    layout: z.string().min(1).default('demo'),
    isMaintenance: z.boolean().optional(),
    // An omitted css setting gets every SPEC default (Raleway/Inter and the eight colours).
    css: SiteCssSchema.prefault({}),
    meta: SiteMetaSchema.default(SiteMetaSchema.parse({})),
    login: LoginSettingSchema.prefault({}),
    chat: ChatSettingSchema.prefault({}),
  })
  .strict();

export type SiteCss = z.infer<typeof SiteCssSchema>;
export type SiteMeta = z.infer<typeof SiteMetaSchema>;
export type SiteSetting = z.infer<typeof SiteSettingSchema>;

/** Blog setting of SPEC §3: the heading block of the blog pages. */
export const BlogSettingSchema = z.strictObject({
  title: z.string().max(200).default(''),
  summary: z.string().max(2000).default(''),
  cover: UrlSchema.default(''),
});

/** Overview setting of SPEC §3: how the brand introduces itself. */
export const OverviewSettingSchema = z.strictObject({
  name: z.string().max(200).default(''),
  description: z.string().max(5000).default(''),
  /** Seeded with the tenant's dark logo, so a seed-folder file as well as a URL. */
  logo: AssetRefSchema.default(''),
});

/**
 * Each setting key an admin may write, with the schema its value must match. Object values are
 * merged over what is stored before validation, so sending one colour never drops the others.
 */
export const SETTING_VALUE_SCHEMAS = {
  title: z.string().trim().min(1, 'judul wajib diisi').max(200),
  logoDark: SiteSettingSchema.shape.logoDark,
  logoLight: SiteSettingSchema.shape.logoLight,
  favicon: SiteSettingSchema.shape.favicon,
  layout: z.string().trim().min(1).max(64),
  isMaintenance: z.boolean({ error: 'isMaintenance harus true atau false' }),
  css: SiteCssSchema,
  meta: SiteMetaSchema,
  blog: BlogSettingSchema,
  overview: OverviewSettingSchema,
  login: LoginSettingSchema,
  chat: ChatSettingSchema,
} as const;
export type SettingKey = keyof typeof SETTING_VALUE_SCHEMAS;
export const SETTING_KEYS = Object.keys(SETTING_VALUE_SCHEMAS) as [SettingKey, ...SettingKey[]];
export const SettingKeySchema = z.enum(SETTING_KEYS, {
  error: (issue) => `pengaturan "${String(issue.input)}" tidak dikenal; yang ada: ${SETTING_KEYS.join(', ')}`,
});

/**
 * All settings of one app as GET {code}/cms/app/settings and v0/cms/app/settings return them: the site
 * setting plus the blog and overview settings, and `revision`, which a writer sends back to detect
 * a concurrent change (409).
 */
export const AppSettingsSchema = SiteSettingSchema.extend({
  blog: BlogSettingSchema.prefault({}),
  overview: OverviewSettingSchema.prefault({}),
  revision: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
export const AppSettingsResponseSchema = envelope(AppSettingsSchema);

/** GET {code}/cms/app/id: which lms id an app code belongs to. */
export const AppIdSchema = z.object({ lmsId: z.string(), code: z.string(), title: z.string() });
export const AppIdResponseSchema = envelope(AppIdSchema);

/** GET {code}/cms/app/setting/{key}: one value. */
export const SettingValueSchema = z.object({ key: SettingKeySchema, value: z.unknown(), revision: z.number().int() });

/** PUT {code}/cms/app/settings: any subset of the keys; `revision` (optional) guards against lost updates. */
export const SettingsUpdateSchema = z.strictObject({
  ...Object.fromEntries(SETTING_KEYS.map((key) => [key, z.unknown().optional()])),
  revision: z.number().int().nonnegative().optional(),
}) as z.ZodType<Partial<Record<SettingKey, unknown>> & { revision?: number | undefined }>;

/** PUT {code}/cms/app/setting/{key}. */
export const SettingUpdateSchema = z.strictObject({
  value: z.unknown().refine((value) => value !== undefined, 'value wajib diisi'),
  revision: z.number().int().nonnegative().optional(),
});

import { z } from 'zod';

/** Colour in #rgb or #rrggbb form, as the CMS stores it. */
const ColorSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'warna harus berupa kode hex, mis. #2096C4');

/** Theme settings of a site (SPEC §3 "Site setting" css): two font names and eight colours. */
export const SiteCssSchema = z
  .object({
    ft_primary: z.string().min(1).default('Raleway'),
    ft_secondary: z.string().min(1).default('Inter'),
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
    name: z.string().default(''),
    description: z.string().default(''),
    keywords: z.string().default(''),
    type: z.string().default('website'),
    image: z.string().default(''),
    card: z.string().default('summary_large_image'),
    site_name: z.string().default(''),
    url: z.string().default(''),
    twitter_site: z.string().default(''),
    robot_index: z.boolean().default(true),
    robot_follow: z.boolean().default(true),
  })
  .strict();

/**
 * The site setting of one tenant (SPEC §3). `isMaintenance` stays optional on purpose:
 * a missing flag means the site is under maintenance (SPEC §2 "Page shell").
 */
export const SiteSettingSchema = z
  .object({
    title: z.string().min(1),
    logoDark: z.string().min(1),
    logoLight: z.string().min(1),
    favicon: z.string().min(1),
    layout: z.string().min(1).default('demo'),
    isMaintenance: z.boolean().optional(),
    css: SiteCssSchema.default(SiteCssSchema.parse({})),
    meta: SiteMetaSchema.default(SiteMetaSchema.parse({})),
  })
  .strict();

export type SiteCss = z.infer<typeof SiteCssSchema>;
export type SiteMeta = z.infer<typeof SiteMetaSchema>;
export type SiteSetting = z.infer<typeof SiteSettingSchema>;

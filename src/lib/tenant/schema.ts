import { z } from 'zod';
import { SiteSettingSchema } from '~/contract/settings';
import { FONT_NAMES } from './fonts';

/** A tenant code: the folder name under `tenants/`, also used in URLs of builds. */
export const TenantCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'kode tenant: huruf kecil, angka dan tanda minus, 2–40 karakter');

const FontNameSchema = z.enum(FONT_NAMES, {
  error: (issue) => `font "${String(issue.input)}" tidak tersedia; pilih salah satu: ${FONT_NAMES.join(', ')}`,
});

/**
 * `tenants/<code>/tenant.json`: the tenant's identity on the platform plus its site setting (SPEC §3).
 * Fonts are restricted to the self-hosted set so that no page ever reaches a font CDN.
 */
export const TenantSchema = z
  .object({
    code: TenantCodeSchema,
    lmsId: z.string().min(1),
    appCode: z.string().regex(/^[A-Z0-9_-]{2,32}$/, 'app code: huruf besar, angka, _ atau -'),
    hosts: z.array(z.string().regex(/^[a-z0-9.-]+(?::\d+)?$/, 'host tanpa skema, mis. demo.example.id')).min(1),
    setting: SiteSettingSchema.extend({
      css: SiteSettingSchema.shape.css
        .unwrap()
        .extend({
          ft_primary: FontNameSchema.default('Raleway'),
          ft_secondary: FontNameSchema.default('Inter'),
        })
        // An omitted css setting gets every SPEC default (Raleway/Inter and the eight colours).
        .prefault({}),
    }),
  })
  .strict();

export type Tenant = z.infer<typeof TenantSchema>;

/** Formats zod issues as `file: field.path: message` lines, so a bad tenant file names what to fix. */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues.map((issue) => `${file}: ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`).join('\n');
}

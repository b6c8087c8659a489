import { z } from 'zod';
import { AppCodeSchema } from '~/contract/common';
import { SiteSettingSchema } from '~/contract/settings';

/** A tenant code: the folder name under `tenants/`, also used in URLs of builds. */
export const TenantCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'kode tenant: huruf kecil, angka dan tanda minus, 2–40 karakter');

/**
 * `tenants/<code>/tenant.json`: the tenant's identity on the platform plus its site setting (SPEC §3).
 * Fonts are restricted to the self-hosted set so that no page ever reaches a font CDN.
 */
export const TenantSchema = z
  .object({
    code: TenantCodeSchema,
    lmsId: z.string().min(1),
    appCode: AppCodeSchema,
    hosts: z.array(z.string().regex(/^[a-z0-9.-]+(?::\d+)?$/, 'host tanpa skema, mis. demo.example.id')).min(1),
    setting: SiteSettingSchema,
  })
  .strict();

export type Tenant = z.infer<typeof TenantSchema>;

/** Formats zod issues as `file: field.path: message` lines, so a bad tenant file names what to fix. */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues.map((issue) => `${file}: ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`).join('\n');
}

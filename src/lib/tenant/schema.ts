import { z } from 'zod';
import { AppCodeSchema } from '~/contract/common';
import { SiteSettingSchema } from '~/contract/settings';
import { isPesilatLayout, PESILAT_LAYOUTS } from './layouts';

/** A tenant code: the folder name under `tenants/`, also used in URLs of builds. */
export const TenantCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'kode tenant: huruf kecil, angka dan tanda minus, 2–40 karakter');

/**
 * `tenants/<code>/tenant.json`: the tenant's identity on the platform plus its site setting (SPEC §3).
 * Fonts are restricted to the self-hosted set so that no page ever reaches a font CDN.
 * `mainTenant` links a pesilat site to the main tenant whose hosts send `/pesilat/…` to it (SPEC §2);
 * only a pesilat layout may have one. That the main tenant exists is checked by `loadTenant`.
 */
export const TenantSchema = z
  .object({
    code: TenantCodeSchema,
    lmsId: z.string().min(1),
    appCode: AppCodeSchema,
    hosts: z.array(z.string().regex(/^[a-z0-9.-]+(?::\d+)?$/, 'host tanpa skema, mis. demo.example.id')).min(1),
    mainTenant: TenantCodeSchema.optional(),
    /** The tenant whose catalogue (classes, programs, courses, mentors, festival, league) this one shows and sells; by default its own. */
    catalogueFrom: TenantCodeSchema.optional(),
    /** The tenant's one PPN rule (contract/tax.ts `TaxRule`): by default 11% added at checkout. */
    tax: z.strictObject({ vatBps: z.number().int().min(0).max(10_000), included: z.boolean() }).optional(),
    setting: SiteSettingSchema,
  })
  .strict()
  .superRefine((tenant, ctx) => {
    if (tenant.catalogueFrom === tenant.code)
      ctx.addIssue({ code: 'custom', path: ['catalogueFrom'], message: 'tidak boleh menunjuk tenant ini sendiri' });
    if (tenant.catalogueFrom !== undefined && tenant.tax !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['tax'],
        message: 'kelas dari katalog tenant lain dijual dengan aturan pajak pemilik katalognya',
      });
    if (tenant.mainTenant === undefined) return;
    if (!isPesilatLayout(tenant.setting.layout)) {
      ctx.addIssue({
        code: 'custom',
        path: ['mainTenant'],
        message: `hanya untuk situs pesilat: setting.layout harus ${[...PESILAT_LAYOUTS].map((name) => `"${name}"`).join(' atau ')}, bukan "${tenant.setting.layout}"`,
      });
    } else if (tenant.mainTenant === tenant.code) {
      ctx.addIssue({ code: 'custom', path: ['mainTenant'], message: 'tidak boleh menunjuk tenant ini sendiri' });
    }
  });

export type Tenant = z.infer<typeof TenantSchema>;

/** Formats zod issues as `file: field.path: message` lines, so a bad tenant file names what to fix. */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues.map((issue) => `${file}: ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`).join('\n');
}

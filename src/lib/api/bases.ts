import { API_BASES, type ApiBaseName } from '~/contract/constants';

/** Base address of every service (SPEC §7 "Bases"). */
export type ApiBases = Record<ApiBaseName, string>;

/** The public environment variable that overrides each base (read by the site, passed in here). */
export const API_BASE_ENV = {
  main: 'PUBLIC_API_BASE',
  core: 'PUBLIC_CORE_API_BASE',
  auth: 'PUBLIC_AUTH_API_BASE',
  ai: 'PUBLIC_AI_API_BASE',
  stats: 'PUBLIC_STATS_API_BASE',
  mailer: 'PUBLIC_MAILER_API_BASE',
  upload: 'PUBLIC_UPLOAD_API_BASE',
  rest: 'PUBLIC_REST_API_BASE',
} as const satisfies Record<ApiBaseName, string>;

/**
 * The bases to call: each override that is set, else the local fallback of `API_BASES` (the
 * embedded services under `/api/`). Empty values count as unset, as an unset `.env` line reads `''`.
 */
export function resolveBases(overrides: Partial<Record<ApiBaseName, string | undefined>> = {}): ApiBases {
  const bases = { ...API_BASES } as ApiBases;
  for (const name of Object.keys(API_BASES) as ApiBaseName[]) {
    const value = overrides[name]?.trim();
    if (value) bases[name] = value;
  }
  return bases;
}

/** The overrides found in an environment object (`import.meta.env` on the site, `process.env` in scripts). */
export function basesFromEnv(env: Record<string, string | undefined>): Partial<ApiBases> {
  const found: Partial<ApiBases> = {};
  for (const [name, variable] of Object.entries(API_BASE_ENV) as [ApiBaseName, string][]) {
    const value = env[variable]?.trim();
    if (value) found[name] = value;
  }
  return found;
}

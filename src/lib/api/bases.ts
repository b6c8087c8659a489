import { API_BASES, type ApiBaseName } from '~/contract/constants';

/** Base address of every service (SPEC §7 "Bases"). */
export type ApiBases = Record<ApiBaseName, string>;

/**
 * The bases to call: each override that is set, else the local fallback of `API_BASES` (the
 * embedded services under `/api/`). Empty values count as unset, as an unset `.env` line reads `''`.
 * The overrides come from the build (PUBLIC_*_API_BASE, read by src/server/config.ts and given to
 * each tenant's pages in their context); nothing on the client reads the environment.
 */
export function resolveBases(overrides: Partial<Record<ApiBaseName, string | undefined>> = {}): ApiBases {
  const bases = { ...API_BASES } as ApiBases;
  for (const name of Object.keys(API_BASES) as ApiBaseName[]) {
    const value = overrides[name]?.trim();
    if (value) bases[name] = value;
  }
  return bases;
}

import type { AppStartConfig } from './app-start';
import type { ApiBases } from './bases';

/**
 * What a page tells its scripts about the API (written at build by the Shell into
 * `<script type="application/json" id="app-config">`): the app start's public client credentials
 * and bases, the tenant's lms id, the hosted database REST's public key (sent as `apikey`, see
 * `remote-db.ts`), and how visitors sign in (the tenant's `login` setting; `url` is the account
 * service's login page in redirect-login mode).
 */
export interface PageConfig extends AppStartConfig {
  bases: ApiBases;
  lmsId: string;
  restApiKey: string;
  login: { mode: 'form' | 'redirect'; url: string };
}

/** The element id of the page's config block. */
export const PAGE_CONFIG_ID = 'app-config';

/** Reads the page's config block; undefined when the page has none or it is not JSON (a page without the shell). */
export function readPageConfig(doc: Pick<Document, 'getElementById'> = document): PageConfig | undefined {
  const text = doc.getElementById(PAGE_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageConfig;
  } catch {
    return undefined;
  }
}

import type { ClickLogRequest } from '~/contract/logger';
import type { ApiClient } from './client';

/** The session storage flag that makes the page_load log once per browser session (SPEC §4 "Page-load logging"). */
export const PAGE_LOAD_FLAG = 'page_load_logged';

/**
 * POST v1/logger/log/click with a `keepalive` request, so a click that leaves the page is still
 * logged and the navigation never waits for it. Failures are only warned (SPEC §7 "Logging").
 */
export async function sendLog(client: ApiClient, entry: ClickLogRequest, warn: (message: string) => void = console.warn): Promise<void> {
  try {
    const response = await client.send('main', 'v1/logger/log/click', { method: 'POST', body: entry, keepalive: true });
    if (!response.ok) warn(`[log] ${entry.type} tidak tercatat: HTTP ${response.status}`);
  } catch (error) {
    warn(`[log] ${entry.type} tidak tercatat: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether this page should send the session's page_load log: only the first page of a browser session. Marks it taken. */
export function takePageLoadTurn(session: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  try {
    if (session.getItem(PAGE_LOAD_FLAG)) return false;
    session.setItem(PAGE_LOAD_FLAG, '1');
    return true;
  } catch {
    // Storage full or refused: without the flag every page would log a page_load, so none does.
    return false;
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClickLogRequest } from '~/contract/logger';
import { createApiClient, type ProgressHook } from '~/lib/api/client';
import { PAGE_LOAD_FLAG, sendLog, takePageLoadTurn } from '~/lib/api/logger';
import { fakeFetch, json, TEST_BASES } from './fakes';

const ENTRY: ClickLogRequest = {
  from: 'https://site.example/News',
  to: 'https://www.youtube.com/watch',
  type: 'external',
  timestamp: '2026-11-23T10:00:00.000Z',
};
const APP_TOKEN = 'DEMO.c2VhbGVkLWFwcC10b2tlbg';

/** A client whose fetch records each call's init as given (keepalive is not visible on a Request everywhere). */
function recordingClient(answer: () => Response | Promise<Response>) {
  const inits: RequestInit[] = [];
  const server = fakeFetch(() => answer());
  const fetch: typeof globalThis.fetch = (input, init) => {
    inits.push(init ?? {});
    return server.fetch(input, init);
  };
  const progress = { start: vi.fn(), done: vi.fn(), fail: vi.fn() } satisfies ProgressHook;
  const client = createApiClient({ bases: TEST_BASES, fetch, progress, credentials: { appToken: APP_TOKEN, lmsId: 'lms-1' } });
  return { client, inits, requests: server.requests, progress };
}

const accepted = () => json(201, { statusCode: 201, message: 'OK', data: { id: 1 } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendLog: POST v1/logger/log/click (SPEC §7 "Logging")', () => {
  it('posts the entry as JSON to the main base, with the held app token', async () => {
    const { client, requests } = recordingClient(accepted);
    const warn = vi.fn();
    await sendLog(client, ENTRY, warn);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`${TEST_BASES.main}v1/logger/log/click`);
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual(ENTRY);
    expect(request?.headers.get('AppToken')).toBe(APP_TOKEN);
    expect(request?.headers.get('lmsId')).toBe('lms-1');
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses a keepalive request, so a click that leaves the page is still logged', async () => {
    const { client, inits } = recordingClient(accepted);
    await sendLog(client, ENTRY, vi.fn());
    expect(inits).toHaveLength(1);
    expect(inits[0]?.keepalive).toBe(true);
  });

  it('sends the app token the client holds at the time of the call', async () => {
    const { client, requests } = recordingClient(accepted);
    client.setCredentials({ appToken: 'DEMO.bmV3ZXItdG9rZW4' });
    await sendLog(client, ENTRY, vi.fn());
    expect(requests[0]?.headers.get('AppToken')).toBe('DEMO.bmV3ZXItdG9rZW4');
  });

  it('never drives the progress bar, whether the log lands or not', async () => {
    for (const answer of [accepted, () => json(500, { statusCode: 500, message: 'x' })]) {
      const { client, progress } = recordingClient(answer);
      await sendLog(client, ENTRY, vi.fn());
      expect(progress.start).not.toHaveBeenCalled();
      expect(progress.done).not.toHaveBeenCalled();
      expect(progress.fail).not.toHaveBeenCalled();
    }
  });

  it.each([400, 401, 429, 500, 503])('only warns, naming the type and status, when the server answers %i', async (status) => {
    const { client } = recordingClient(() => json(status, { statusCode: status, message: 'ditolak' }));
    const warn = vi.fn();
    await expect(sendLog(client, ENTRY, warn)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('external');
    expect(String(warn.mock.calls[0]?.[0])).toContain(String(status));
  });

  it('only warns when the network fails or the request is aborted', async () => {
    for (const failure of [new TypeError('Failed to fetch'), new DOMException('The operation was aborted.', 'AbortError'), 'offline']) {
      const { client } = recordingClient(() => Promise.reject(failure));
      const warn = vi.fn();
      await expect(sendLog(client, { ...ENTRY, type: 'page_load' }, warn)).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toContain('page_load');
    }
  });

  it('warns on the console by default, without the app token in the message', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = recordingClient(() => json(429, { statusCode: 429, message: 'Terlalu banyak permintaan' }));
    await sendLog(client, ENTRY);
    expect(consoleWarn).toHaveBeenCalledOnce();
    expect(String(consoleWarn.mock.calls[0]?.[0])).not.toContain(APP_TOKEN);
  });
});

describe('takePageLoadTurn: one page_load per browser session', () => {
  function sessionStore(initial: Record<string, string> = {}) {
    const items = new Map(Object.entries(initial));
    return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  }

  it('gives the first page of a session the turn and marks it taken', () => {
    const session = sessionStore();
    expect(takePageLoadTurn(session)).toBe(true);
    expect(session.items.has(PAGE_LOAD_FLAG)).toBe(true);
  });

  it('gives every later page of the same session no turn', () => {
    const session = sessionStore();
    const turns = Array.from({ length: 5 }, () => takePageLoadTurn(session));
    expect(turns).toEqual([true, false, false, false, false]);
  });

  it('gives a new browser session (fresh session storage) its own turn', () => {
    expect(takePageLoadTurn(sessionStore({ [PAGE_LOAD_FLAG]: '1' }))).toBe(false);
    expect(takePageLoadTurn(sessionStore())).toBe(true);
  });

  it('does not throw when session storage refuses writes (full), and then gives no turn', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    expect(() => takePageLoadTurn(full)).not.toThrow();
    expect(takePageLoadTurn(full)).toBe(false);
  });
});

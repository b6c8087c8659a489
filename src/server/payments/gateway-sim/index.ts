import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../db/client';
import { CallbackWorker } from './callback-worker';
import { DEFAULT_CALLBACK_BACKOFF_MS } from './callbacks';
import { controlRoutes } from './controls';
import { payRoutes } from './pay';
import { protocolRoutes } from './protocol';

export { CallbackWorker, type CallbackWorkerOptions } from './callback-worker';
export { DEFAULT_CALLBACK_BACKOFF_MS, queueCallbacks } from './callbacks';
export { registerSimMerchant } from './merchants';

/** The fee of a paid transaction by default: flat, as Duitku's virtual accounts charge. */
export const DEFAULT_SIM_FEE = 4000;

export interface GatewaySimulatorOptions {
  db: Db;
  /** Waits between callback attempts (default 10 s, 1 min, 5 min, 30 min, 2 h; then abandoned). */
  callbackBackoffMs?: number[] | undefined;
  /** How often the callback worker looks for due callbacks besides being kicked (default 1000 ms). */
  pollMs?: number | undefined;
  /** The gateway's fee on a paid amount, whole Rupiah (default 4000 flat). */
  fee?: ((amount: number) => number) | undefined;
  log?: ((line: string) => void) | undefined;
  /**
   * The simulator's address as browsers reach it (e.g. `https://lms.example/api/sim/duitku`), for
   * payment URLs behind a proxy; by default worked out from each createInvoice request.
   */
  publicUrl?: string | undefined;
  /** How callbacks are posted (default the global fetch). */
  fetch?: typeof fetch | undefined;
}

export interface GatewaySimulator {
  /** Routes relative to the mount point, e.g. `/api/sim/duitku` (the client's base URL is `<origin>` + that). */
  app: Hono;
  /** Posts the callbacks; `start()` it where the simulator serves, `stop()` it on shutdown. */
  worker: CallbackWorker;
}

/**
 * A Duitku gateway that lives in this server (see README.md): the protocol merchants call, the
 * payer's page, callbacks posted back with retries, and controls for tests.
 */
export function createGatewaySimulator(options: GatewaySimulatorOptions): GatewaySimulator {
  const { db } = options;
  const feeOf = options.fee ?? (() => DEFAULT_SIM_FEE);
  // Whole Rupiah, never negative, whatever the given rule returns.
  const fee = (amount: number) => Math.max(0, Math.round(feeOf(amount)) || 0);
  const worker = new CallbackWorker({
    db,
    backoffMs: options.callbackBackoffMs ?? DEFAULT_CALLBACK_BACKOFF_MS,
    pollMs: options.pollMs,
    fetch: options.fetch,
    log: options.log,
  });
  const queued = () => worker.kick();
  const app = new Hono();
  app.use(bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ Message: 'Request body too large' }, 413) }));
  app.route('/', protocolRoutes(db, options.publicUrl));
  app.route('/', payRoutes({ db, fee, queued }));
  app.route('/', controlRoutes({ db, fee, queued }));
  app.notFound((c) => c.json({ Message: 'Not found' }, 404));
  app.onError((error, c) => {
    (options.log ?? console.error)(`[gateway-sim] ${c.req.method} ${new URL(c.req.url).pathname}: ${error.message}`);
    return c.json({ Message: 'Internal Server Error' }, 500);
  });
  return { app, worker };
}

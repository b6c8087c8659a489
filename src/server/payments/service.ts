import { type Config, DEFAULT_RECONCILE_MS } from '../config';
import type { Db } from '../db/client';
import { ensureSimulatorAccounts, type PaymentsDeps } from './accounts';
import { createDuitkuGateway } from './duitku';
import { createGatewaySimulator, type GatewaySimulator, registerSimMerchant } from './gateway-sim';
import { reconcileInvoices } from './invoices';

/** Where the embedded simulator is mounted, under the API (`/api/sim/duitku`). */
export const SIMULATOR_PATH = '/sim/duitku';

export interface PaymentsSetup {
  payments: PaymentsDeps & {
    /** This server's own origin once it listens (http://127.0.0.1:port): the simulator's and callbacks' default. */
    setSelfOrigin(origin: string): void;
  };
  /** The embedded gateway simulator, when this deployment uses it. */
  simulator?: GatewaySimulator | undefined;
}

/**
 * Payments from the configuration (`config.payments`). PAYMENT_GATEWAY=duitku talks to Duitku at DUITKU_BASE_URL (or each
 * tenant's own base URL) with each tenant's merchant account; PAYMENT_GATEWAY=simulator (the default
 * outside production) runs the simulator in this process and gives every tenant a merchant account
 * there. PAYMENT_CALLBACK_ORIGIN is the public origin the gateway calls back (default: this server
 * for the simulator, the tenant's public https host for Duitku). Production refuses the simulator
 * (config.ts stops the start): a learner could "pay" there without money.
 */
export async function openPayments(db: Db, settings: Config['payments']): Promise<PaymentsSetup> {
  let selfOrigin: string | undefined;
  // GATEWAY_SIM_BACKOFF_MS and GATEWAY_SIM_POLL_MS: the simulator's waits between callback attempts and its poll, for tests.
  const simulator = settings.gateway === 'simulator' ? createGatewaySimulator({ db, ...settings.simulator }) : undefined;
  if (simulator) await ensureSimulatorAccounts(db, (merchant) => registerSimMerchant(db, merchant));
  const base = settings.duitkuBaseUrl;
  const { callbackOrigin } = settings;
  return {
    simulator,
    payments: {
      gateway: createDuitkuGateway(),
      gatewayBaseUrl: () => (simulator ? (selfOrigin ? `${selfOrigin}/api${SIMULATOR_PATH}` : undefined) : base),
      // With Duitku and no PAYMENT_CALLBACK_ORIGIN, the route uses the tenant's public https host.
      callbackOrigin: () => callbackOrigin ?? (simulator ? selfOrigin : undefined),
      crashPoint: settings.crashPoint,
      setSelfOrigin: (origin) => {
        selfOrigin = origin.replace(/\/+$/, '');
      },
    },
  };
}

/** How often pending invoices are reconciled with the gateway by default (PAYMENT_RECONCILE_MS). */
export const RECONCILE_EVERY_MS = DEFAULT_RECONCILE_MS;

/**
 * Asks the gateway about invoices nobody is looking at: a learner who paid and closed the tab, a
 * callback that never came. Runs every `everyMs` (and is harmless in several processes at once:
 * every change is conditional). Answers a stop function.
 */
export function startReconciler(db: Db, payments: PaymentsDeps, everyMs = RECONCILE_EVERY_MS, log = console.error): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileInvoices(db, payments)
      .catch((error: unknown) => log(`[payments] rekonsiliasi gagal: ${String(error)}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

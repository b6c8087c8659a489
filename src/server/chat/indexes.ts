import type { Db } from '../db/client';
import type { SiteEventBus } from '../platform/site-events';
import type { TenantRecord } from '../platform/tenants';
import { dbContentSource } from '../sites';
import { readCopy } from '../tenants';
import { tenantPassages } from './documents';
import { TenantIndex } from './retrieval';

/*
 * Each tenant's search index, built from the database on the first question and kept while the
 * content stays the same: the content and settings events that purge the page cache (and trigger
 * rebuilds) drop it. Those events reach other processes at most once, so an index older than
 * `maxAgeMs` is rebuilt in the background while the old one keeps answering. Builds are coalesced
 * (one per tenant at a time) and at most `maxTenants` indexes are kept, the least recently asked
 * dropped first.
 */

export interface ChatIndexSource {
  index(tenant: TenantRecord): Promise<TenantIndex>;
}

interface Entry {
  builtAt: number;
  index: Promise<TenantIndex>;
  /** A background rebuild under way, swapped in when it is done. */
  next?: Promise<TenantIndex> | undefined;
}

export class ChatIndexes implements ChatIndexSource {
  readonly #entries = new Map<string, Entry>();
  readonly #stop: () => void;

  constructor(
    private readonly db: Db,
    events: SiteEventBus,
    private readonly maxAgeMs = 10 * 60_000,
    private readonly maxTenants = 100,
    private readonly now: () => number = Date.now,
  ) {
    this.#stop = events.subscribe((event) => {
      if (event.reason === 'content' || event.reason === 'settings') this.#entries.delete(event.tenant);
    });
  }

  index(tenant: TenantRecord): Promise<TenantIndex> {
    const current = this.#entries.get(tenant.code);
    if (current) {
      // Most recently asked last: the first entry is the one to drop.
      this.#entries.delete(tenant.code);
      this.#entries.set(tenant.code, current);
      if (this.now() - current.builtAt >= this.maxAgeMs && !current.next) this.#refresh(tenant, current);
      return current.index;
    }
    const entry: Entry = { builtAt: this.now(), index: this.#build(tenant) };
    this.#entries.set(tenant.code, entry);
    // A failed build is not kept: the next question tries again.
    entry.index.catch(() => {
      if (this.#entries.get(tenant.code) === entry) this.#entries.delete(tenant.code);
    });
    while (this.#entries.size > this.maxTenants) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return entry.index;
  }

  #refresh(tenant: TenantRecord, entry: Entry) {
    const next = this.#build(tenant);
    entry.next = next;
    next.then(
      (index) => {
        if (this.#entries.get(tenant.code) !== entry) return;
        entry.index = Promise.resolve(index);
        entry.builtAt = this.now();
        entry.next = undefined;
      },
      (error: unknown) => {
        entry.next = undefined;
        console.warn(`[chat] indeks ${tenant.code} gagal diperbarui; yang lama tetap dipakai:`, error);
      },
    );
  }

  async #build(tenant: TenantRecord): Promise<TenantIndex> {
    const copy = await readCopy(this.db, tenant.lmsId);
    const passages = await tenantPassages(dbContentSource(this.db, tenant), copy, { title: tenant.title, voice: copy.site.voice });
    return new TenantIndex(passages, tenant.title);
  }

  close() {
    this.#stop();
    this.#entries.clear();
  }
}

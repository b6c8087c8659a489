import type { Db } from '../db/client';
import { readCopy } from '../services/site-copy';
import type { TenantRecord } from '../services/tenants';
import { dbContentSource } from '../sites/db-source';
import type { SiteEventBus } from '../sites/site-events';
import { tenantPassages } from './documents';
import { TenantIndex } from './retrieval';

/*
 * Each tenant's search index, built from the database on the first question and kept while the
 * content stays the same: the content, settings and build events that purge the page cache (and
 * trigger rebuilds) drop it, and, since those events reach other processes at most once, an index is
 * rebuilt after `maxAgeMs` anyway. Builds are coalesced: one build per tenant at a time.
 */

export interface ChatIndexSource {
  index(tenant: TenantRecord): Promise<TenantIndex>;
}

interface Entry {
  builtAt: number;
  index: Promise<TenantIndex>;
}

export class ChatIndexes implements ChatIndexSource {
  readonly #entries = new Map<string, Entry>();
  readonly #stop: () => void;

  constructor(
    private readonly db: Db,
    events: SiteEventBus,
    private readonly maxAgeMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.#stop = events.subscribe((event) => this.#entries.delete(event.tenant));
  }

  index(tenant: TenantRecord): Promise<TenantIndex> {
    const current = this.#entries.get(tenant.code);
    if (current && this.now() - current.builtAt < this.maxAgeMs) return current.index;
    const entry: Entry = { builtAt: this.now(), index: this.#build(tenant) };
    this.#entries.set(tenant.code, entry);
    // A failed build is not kept: the next question tries again.
    entry.index.catch(() => {
      if (this.#entries.get(tenant.code) === entry) this.#entries.delete(tenant.code);
    });
    return entry.index;
  }

  async #build(tenant: TenantRecord): Promise<TenantIndex> {
    const copy = await readCopy(this.db, tenant.lmsId);
    const passages = await tenantPassages(dbContentSource(this.db, tenant.lmsId), copy, { title: tenant.title, voice: copy.site.voice });
    return new TenantIndex(passages, tenant.title);
  }

  close() {
    this.#stop();
    this.#entries.clear();
  }
}

/**
 * Each user's user properties and user cache, which outlive executions: the default user's are the
 * runtime's own (`properties.user`, `caches.user`); another user's are made on first use.
 */
import type { RuntimeClock } from '../execution/clock.js';
import { CacheStore, MemoryCacheBackend, type EarlyRemoval } from '../services/cache.js';
import { MemoryPropertiesBackend, PropertyStore } from '../services/properties.js';
import type { DocumentRecord } from '../spreadsheet/documents.js';

/** A user's two stores. */
export interface UserStoreSet {
  properties: PropertyStore;
  cache: CacheStore;
}

/** Every user's stores of one runtime. */
export class UserStores {
  readonly #stores = new Map<string, UserStoreSet>();
  readonly #defaultUser: string;
  readonly #own: UserStoreSet;
  readonly #clock: RuntimeClock;
  readonly #earlyRemoval: Partial<EarlyRemoval>;

  /**
   * @param defaultUser the runtime's default user, whose stores are `own`
   * @param own the default user's stores (shared with other runtimes in a pool)
   * @param clock the clock cache expiry uses
   * @param earlyRemoval which cache items go early (GasRuntimeOptions.cacheEarlyRemoval)
   */
  constructor(defaultUser: string, own: UserStoreSet, clock: RuntimeClock, earlyRemoval: Partial<EarlyRemoval>) {
    this.#defaultUser = defaultUser;
    this.#own = own;
    this.#clock = clock;
    this.#earlyRemoval = earlyRemoval;
  }

  /** A user's stores, made empty on their first use. */
  of(email: string): UserStoreSet {
    if (email === this.#defaultUser) return this.#own;
    let stores = this.#stores.get(email);
    if (!stores) {
      stores = this.#empty();
      this.#stores.set(email, stores);
    }
    return stores;
  }

  /**
   * The user stores a custom function gets: the spreadsheet owner's, whoever runs it (Google's
   * custom-function guide: getUserProperties() "only gets the properties of the spreadsheet owner").
   * A shared-drive file has no owner: Google is silent, so the strict case, stores that start empty
   * in every execution and keep nothing. The user cache follows the same rule (undocumented too).
   */
  ofOwner(active: DocumentRecord | null): UserStoreSet {
    const owner = active?.model.owner ?? null;
    return owner !== null ? this.of(owner) : this.#empty();
  }

  #empty(): UserStoreSet {
    return {
      properties: new PropertyStore('user', new MemoryPropertiesBackend()),
      cache: new CacheStore('user', new MemoryCacheBackend(), this.#clock, this.#earlyRemoval),
    };
  }
}

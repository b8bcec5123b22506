/**
 * What a tracking run may still spend today, so that it stops before a daily limit instead of at it:
 * what is left, read once on first need (the run reads /usage through the lookup:
 * lookup/usage-lookup.ts), counted down as the run spends. An allowance that cannot be read (an answer
 * not understood, no key) caps nothing; a refusal still stops the run.
 */
import type { AllowanceLeft } from './allowance';
import type { Endpoint } from '../service/endpoints';

/** Reads the allowance once, on first need, and counts down what the run spends. */
export class Spending {
  #left: AllowanceLeft | null = null;
  readonly #read: () => AllowanceLeft;

  /** @param read reads what is left of the allowance (called once, on first need) */
  constructor(read: () => AllowanceLeft) {
    this.#read = read;
  }

  /**
   * How many items of this endpoint may be asked for now, and which limit caps them (if one does).
   * @param endpoint what the items are asked of
   * @param wanted how many are pending
   */
  cap(endpoint: Endpoint, wanted: number): { count: number; limit: 'API calls' | 'fresh searches' | null; resetAt: number | null } {
    const left = (this.#left ??= { ...this.#read() });
    const fresh = endpoint.searches ? left.fresh : null;
    let count = wanted;
    let limit: 'API calls' | 'fresh searches' | null = null;
    if (left.calls !== null && left.calls < count) [count, limit] = [left.calls, 'API calls'];
    if (fresh !== null && fresh < count) [count, limit] = [fresh, 'fresh searches'];
    return { count: Math.max(0, count), limit, resetAt: left.resetAt };
  }

  /**
   * Counts what a lookup spent.
   * @param stats the lookup's requests and fresh searches
   */
  spent(stats: { requests: number; freshSearches: number }): void {
    if (!this.#left) return;
    if (this.#left.calls !== null) this.#left.calls -= stats.requests;
    if (this.#left.fresh !== null) this.#left.fresh -= stats.freshSearches;
  }
}

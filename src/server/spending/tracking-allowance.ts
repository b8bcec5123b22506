/**
 * What a tracking run may still spend today, so that it stops before a daily limit instead of at it:
 * what is left, read once on first need (the run reads /usage through the lookup:
 * lookup/usage-lookup.ts), counted down as the run spends. An allowance that cannot be read (an answer
 * not understood, no key) caps nothing; a refusal still stops the run. The spreadsheet's own cap on
 * fresh searches (spend-cap.ts) caps searches too: what it still lets go today, read on first need, is
 * counted down the same way (a scheduled run's lookups cannot see it: it has no document).
 */
import type { AllowanceLeft } from './allowance';
import type { Endpoint } from '../service/endpoints';

/** Which limit caps a run's items: a daily one, or the spreadsheet's own cap. */
export type RunLimit = 'API calls' | 'fresh searches' | 'cap';

/** Reads the allowance once, on first need, and counts down what the run spends. */
export class Spending {
  #left: AllowanceLeft | null = null;
  #capRoom: number | null | undefined = undefined;
  readonly #read: () => AllowanceLeft;
  readonly #readCap: () => number | null;

  /**
   * @param read reads what is left of the allowance (called once, on first need)
   * @param readCap reads the searches the spreadsheet's cap still lets go today (null: no cap; called once, on first need)
   */
  constructor(read: () => AllowanceLeft, readCap: () => number | null = () => null) {
    this.#read = read;
    this.#readCap = readCap;
  }

  /**
   * How many items of this endpoint may be asked for now, and which limit caps them (if one does).
   * @param endpoint what the items are asked of
   * @param wanted how many are pending
   */
  cap(endpoint: Endpoint, wanted: number): { count: number; limit: RunLimit | null; resetAt: number | null } {
    const left = (this.#left ??= { ...this.#read() });
    const fresh = endpoint.searches ? left.fresh : null;
    let count = wanted;
    let limit: RunLimit | null = null;
    if (left.calls !== null && left.calls < count) [count, limit] = [left.calls, 'API calls'];
    if (fresh !== null && fresh < count) [count, limit] = [fresh, 'fresh searches'];
    if (endpoint.searches) {
      const room = this.#capRoomNow();
      if (room !== null && room < count) [count, limit] = [room, 'cap'];
    }
    return { count: Math.max(0, count), limit, resetAt: left.resetAt };
  }

  /**
   * Counts what a lookup spent.
   * @param stats the lookup's requests and fresh searches
   */
  spent(stats: { requests: number; freshSearches: number }): void {
    if (typeof this.#capRoom === 'number') this.#capRoom = Math.max(0, this.#capRoom - stats.freshSearches);
    if (!this.#left) return;
    if (this.#left.calls !== null) this.#left.calls -= stats.requests;
    if (this.#left.fresh !== null) this.#left.fresh -= stats.freshSearches;
  }

  #capRoomNow(): number | null {
    if (this.#capRoom === undefined) this.#capRoom = this.#readCap();
    return this.#capRoom;
  }
}

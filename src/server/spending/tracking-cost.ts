/**
 * What starting (or running) a tracking list sends, counted before it acts with the lookup's dry run (no
 * request): each item's answer unless cached, and the read of what is left of the allowance that a run
 * makes first (tracking-allowance.ts), unless it was read within the minute; the searches past what the
 * spreadsheet's own cap leaves today are not sent (spend-cap.ts).
 */
import type { SpendCost } from '../../shared/allowance-rules';
import { dryRun, spendOf } from './dry-run';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { capRoomToday } from './spend-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';

/**
 * What asking for these items now sends, with the viewer's key.
 * @param endpoint the endpoint the list's kind asks
 * @param items the items, normalised
 */
export function trackingCost(endpoint: Endpoint, items: string[]): SpendCost {
  const queries = [{ endpoint: ENDPOINTS.usage }, ...items.map((subject) => ({ endpoint, subject }))];
  const cost = spendOf(dryRun({ queries, payer: 'user', guardOf: 'viewer' }));
  const room = endpoint.searches ? capRoomToday(openStore()) : null;
  if (room === null || cost.freshSearches <= room) return cost;
  const capped = cost.freshSearches - room;
  return { ...cost, requests: cost.requests - capped, freshSearches: room, capped };
}

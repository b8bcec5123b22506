/**
 * What the ranking tables' actions send, counted before they act with the lookup's dry run (no request):
 * opening the insert form reads the group list (/ranking), choosing a group reads its list
 * (/ranking/list), and inserting reads that list again, from the cache once it was chosen. A group the
 * service does not know costs one read of the overview more, to name the groups that exist; it is not
 * counted here, since only the answer tells.
 */
import type { SpendCost } from '../../shared/allowance-rules';
import { dryRun, spendOf } from './dry-run';
import { ENDPOINTS } from '../service/endpoints';

/** What reading the group list sends now (the insert form reads it when it opens). */
export function groupListCost(): SpendCost {
  return spendOf(dryRun({ queries: [{ endpoint: ENDPOINTS.ranking }], payer: 'user', guardOf: 'viewer' }));
}

/**
 * What inserting a group's table sends now (its list, unless cached).
 * @param group a valid group
 */
export function insertCost(group: string): SpendCost {
  return spendOf(dryRun({ queries: [{ endpoint: ENDPOINTS.rankingList, subject: group }], payer: 'user', guardOf: 'viewer' }));
}

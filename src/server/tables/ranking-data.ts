/** Fetching ranking data for tables, through the same cache as the formulas. */
import type { RankingGroup } from '../../shared/rules';
import { createBudget, type Budget } from '../execution/time-budget';
import { errors } from '../errors/errors';
import { readSubject } from '../spreadsheet/input';
import { dropCached, lookupAll } from '../lookup/pipeline';
import { ENDPOINTS } from '../service/endpoints';
import { groupsInOverview, nameKnownGroups } from '../lookup/known-groups';
import type { Json } from '../shape/shape';
import { sendingFor } from '../spending/request-log';

/**
 * Validates a group typed or picked in the sidebar.
 * @param value the raw value
 */
export function readGroup(value: unknown): string {
  const subject = readSubject(value, 'group');
  if (subject.kind === 'ok') return subject.value;
  throw errors.input(subject.kind === 'bad' ? subject.message : 'Bad input: pick or type a group, such as sector:fintech.');
}

/**
 * A group's ranking list, from the cache unless forced.
 * @param group a valid group
 * @param budget time left
 * @param force skip the cache (costs a request)
 */
export function fetchRanking(group: string, budget: Budget, force: boolean): Json {
  sendingFor(`Ranking table ${group}`);
  if (force) dropCached(ENDPOINTS.rankingList, [group]);
  const { answers } = lookupAll(ENDPOINTS.rankingList, [group], budget, 'user');
  nameKnownGroups(answers, budget, 'user');
  const answer = answers.get(group);
  if (!answer) throw errors.budget();
  if (!answer.ok) throw answer.error;
  return answer.data;
}

/** Time the sidebar's group list may take: the user is waiting for its form. */
const GROUP_LIST_LIMIT_MS = 60_000;

/**
 * The groups the /ranking overview reveals: every `prefix:name` value, labelled by a sibling name
 * (lookup/known-groups.ts).
 * @param budget time left (by default a sidebar call's)
 */
export function rankingGroups(budget: Budget = createBudget(GROUP_LIST_LIMIT_MS)): RankingGroup[] {
  sendingFor('The groups a ranking table can show');
  const answer = lookupAll(ENDPOINTS.ranking, [undefined], budget, 'user').answers.get('');
  if (!answer) throw errors.budget();
  if (!answer.ok) throw answer.error;
  return groupsInOverview(answer.data);
}

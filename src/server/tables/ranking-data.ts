/** Fetching ranking data for tables, through the same cache as the formulas. */
import type { RankingGroup } from '../../shared/sidebar-api';
import type { Budget } from '../core/budget';
import { errors } from '../core/errors';
import { readSubject } from '../core/input';
import { dropCached, lookupAll } from '../lookup/pipeline';
import { ENDPOINTS } from '../service/endpoints';
import { normaliseName, type Json } from '../shape/shape';

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
  if (force) dropCached(ENDPOINTS.rankingList, [group]);
  const answer = lookupAll(ENDPOINTS.rankingList, [group], budget, 'user').answers.get(group);
  if (!answer) throw errors.budget();
  if (!answer.ok) throw answer.error;
  return answer.data;
}

/**
 * The groups the /ranking overview reveals: every `prefix:name` value, labelled by a sibling name.
 * @param budget time left
 */
export function rankingGroups(budget: Budget): RankingGroup[] {
  const answer = lookupAll(ENDPOINTS.ranking, [undefined], budget, 'user').answers.get('');
  if (!answer) throw errors.budget();
  if (!answer.ok) throw answer.error;
  const groups = new Map<string, string>();
  const visit = (v: Json, depth: number) => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const entries = Object.entries(v);
    for (const [, value] of entries) {
      if (typeof value === 'string' && /^[a-z0-9_-]+:[^\s:]+$/i.test(value) && !groups.has(value)) {
        const label = entries.find(([k, x]) => typeof x === 'string' && x !== value && /name|label|title/.test(normaliseName(k)));
        groups.set(value, typeof label?.[1] === 'string' ? label[1] : value);
      }
    }
    for (const [, value] of entries) visit(value, depth + 1);
  };
  visit(answer.data, 0);
  return [...groups].map(([group, label]) => ({ group, label }));
}

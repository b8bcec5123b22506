/**
 * The groups that exist, and the sentence that names them when a group is not found. The spec shows
 * no field names of the /ranking overview, so its groups are found by shape: every `prefix:name` text
 * in it, labelled by a sibling name (the sidebar's group list reads them the same way).
 */
import type { RankingGroup } from '../../shared/rules';
import type { Budget } from '../execution/time-budget';
import { errors } from '../errors/errors';
import type { Payer } from '../settings/lookup-settings';
import { describeSubject, ENDPOINTS } from '../service/endpoints';
import { didYouMean, normaliseName, type Json } from '../shape/shape';
import { lookupAll, type Answer } from './pipeline';

/** A group's shape in an answer: a word, a colon, a name without spaces (not a URL, not a time). */
const GROUP_TEXT = /^[a-z][a-z0-9_-]*:(?!\/)[^\s:]+$/i;
/** Most groups a message names: enough to pick from, never a wall of text in a cell. */
const MAX_NAMED = 12;

/**
 * Every `prefix:name` value of the overview, in the order met, each labelled by a sibling name.
 * @param data the /ranking overview
 */
export function groupsInOverview(data: Json): RankingGroup[] {
  const groups = new Map<string, string>();
  const visit = (v: Json, depth: number) => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const entries = Object.entries(v);
    for (const [, value] of entries) {
      if (typeof value === 'string' && GROUP_TEXT.test(value) && !groups.has(value)) {
        const label = entries.find(([k, x]) => typeof x === 'string' && x !== value && /name|label|title/.test(normaliseName(k)));
        groups.set(value, typeof label?.[1] === 'string' ? label[1] : value);
      }
    }
    for (const [, value] of entries) visit(value, depth + 1);
  };
  visit(data, 0);
  return [...groups].map(([group, label]) => ({ group, label }));
}

/**
 * What to add to "Not found: group …": the groups of the same prefix that exist, or, for a prefix
 * the overview does not use, one group of each prefix; '' when the overview names none.
 * @param group the group the service did not find
 * @param known the groups the overview names
 */
export function unknownGroupHint(group: string, known: string[]): string {
  if (!known.length) return '';
  const prefixOf = (g: string) => g.slice(0, g.indexOf(':') + 1).toLowerCase();
  const prefix = prefixOf(group);
  const sorted = [...known].sort((a, b) => a.localeCompare(b));
  const alike = sorted.filter((g) => prefixOf(g) === prefix && g !== group);
  if (alike.length) {
    const more = alike.length - MAX_NAMED;
    return `Groups that exist: ${alike.slice(0, MAX_NAMED).join(', ')}${more > 0 ? ` and ${more} more` : ''} (RANKING_OVERVIEW() lists every group).`;
  }
  const oneEach = new Map<string, string>();
  for (const g of sorted) if (!oneEach.has(prefixOf(g))) oneEach.set(prefixOf(g), g);
  const prefixes = [...oneEach.keys()];
  const listed = prefixes.length > 1 ? `${prefixes.slice(0, -1).join(', ')} or ${prefixes[prefixes.length - 1]}` : prefixes[0];
  return `Groups start with ${listed}, for example ${[...oneEach.values()].join(', ')} (RANKING_OVERVIEW() lists every group).`;
}

/**
 * Names the groups that exist in each "not found" answer of /ranking/list. Costs one request to the
 * overview when it is not cached (then cached like any answer), and nothing when no group was missing;
 * if the overview cannot be read, the messages stay as they were.
 * @param answers answers keyed by group, changed in place
 * @param budget time left
 * @param payer whose key pays for the overview
 */
export function nameKnownGroups(answers: Map<string, Answer>, budget: Budget, payer: Payer): void {
  const missing = [...answers].filter(([, answer]) => !answer.ok && answer.error.kind === 'not-found').map(([group]) => group);
  if (!missing.length || !budget.allows(1_000)) return;
  const overview = lookupAll(ENDPOINTS.ranking, [undefined], budget, payer).answers.get('');
  if (!overview?.ok) return;
  const known = groupsInOverview(overview.data).map((g) => g.group);
  for (const group of missing) {
    const guess = didYouMean(group, known);
    const hint = [guess ? `Did you mean "${guess}"?` : '', unknownGroupHint(group, known)].filter(Boolean).join(' ');
    if (hint) answers.set(group, { ok: false, error: errors.notFound(describeSubject(ENDPOINTS.rankingList, group), hint) });
  }
}

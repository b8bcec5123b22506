/**
 * Templates from the sidebar and the menu: listing them with what each may spend (no request), and
 * inserting one as a new sheet. Inserting checks the cost against the daily-limit guard and the
 * viewer's last usage read first and refuses, changing nothing, when it may spend past a known limit;
 * then it fetches the template's queries once with the viewer's key (so the formulas find every answer
 * in the cache and add nothing): first its own, then the examples their answer names (the brand watch's
 * brands and the share of search's names, from the ranking overview); it chooses the fields from those
 * answers, and writes the sheet.
 */
import { shortfall } from '../spending/allowance';
import type { TemplateView, TrackingView } from '../../shared/sidebar-api';
import { createBudget, type Budget } from '../core/time-budget';
import { AddonError, errors } from '../core/errors';
import { readSubject } from '../core/input';
import { lookupAll, type Answer } from '../lookup/pipeline';
import { afterReset } from '../../shared/reset-time';
import { readApiKey } from '../core/lookup-settings';
import type { Json } from '../shape/shape';
import { currentUsage } from '../spending/usage-read';
import { uniqueSheetName } from '../spreadsheet/sheet-areas';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { startTracking } from '../trigger/scheduled-lists';
import { readTrackRequest } from '../tracking/track-request';
import { trackingView } from './tracking-view';
import { TEMPLATE_IDS, TEMPLATES, isTemplateId, type TemplateDefinition, type TemplateQuery } from '../templates/template-catalog';
import { templateCost, type TemplateCost } from '../spending/template-cost';
import { exampleQueries, knownQueries } from '../templates/template-examples';
import { exampleBrands } from '../templates/template-fields';
import { brandWatchPlan, keywordResearchPlan, marketOverviewPlan, shareOfSearchPlan, type SheetPlan } from '../templates/template-plan';
import { writePlan } from '../templates/template-write';
import { markTemplateSheet, markTracked, templateOf, trackedListIds, trackedListOf } from '../templates/template-marks';

export { templateSheets } from '../templates/template-marks';

/** Sidebar and menu calls have Google's 6 minutes; three endpoints or ten keywords need far less. */
const FETCH_LIMIT_MS = 120_000;
/** Failures of one keyword or brand: the others still make the sheet (that row shows its error). */
const ITEM_FAILURES = new Set(['not-found', 'bad-request', 'input']);

/** Every template with what inserting it and evaluating its formulas may spend now (no request). */
export function listTemplates(): TemplateView[] {
  return TEMPLATE_IDS.map((id) => {
    const template = TEMPLATES[id];
    const { requests, freshSearches } = costOf(template);
    return { id, title: template.title, description: template.description, requests, freshSearches };
  });
}

/**
 * What inserting a template may spend now: its queries' cost, and each example not known yet (the
 * answer naming them is not cached) counted as a request, as inserting will send it.
 */
function costOf(template: TemplateDefinition): TemplateCost {
  const { queries, unknown } = knownQueries(template);
  const cost = templateCost(queries);
  if (!unknown) return cost;
  return {
    ...cost,
    requests: cost.requests + unknown.count,
    freshSearches: cost.freshSearches + (unknown.endpoint.searches ? unknown.count : 0),
  };
}

/**
 * Inserts a template as a new sheet named after it and returns the sheet's name. Refuses, changing
 * nothing, an unknown id, a missing key, or a cost past a known daily limit.
 * @param id the template's id
 */
export function insertTemplate(id: unknown): string {
  if (!isTemplateId(id)) {
    throw errors.input(`Unknown template: choose ${TEMPLATE_IDS.map((t) => `"${t}"`).join(', ')}. Nothing was inserted.`);
  }
  const template = TEMPLATES[id];
  const apiKey = readApiKey('user');
  if (!apiKey) throw errors.noKey();
  refusePastLimit(template, apiKey);
  const budget = createBudget(FETCH_LIMIT_MS);
  const plan = planFor(template, fetchAnswers(template.queries, budget), budget);
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.insertSheet(uniqueSheetName(spreadsheet, template.title, 'Template'));
  writePlan(sheet, plan);
  markTemplateSheet(sheet, id);
  sheet.activate();
  return sheet.getName();
}

/**
 * Starts tracking, week by week, the brand slugs in column A of a brand watch sheet (the existing
 * tracking lists: a history sheet of its own, its chart, the scheduled runs), and records the list on
 * the sheet so the sidebar shows it as tracked. Refuses a sheet that is not a brand watch sheet, or
 * whose brands are tracked already.
 * @param sheetName the brand watch sheet
 */
export function trackTemplateBrands(sheetName: unknown): TrackingView {
  const sheet = typeof sheetName === 'string' ? SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName) : null;
  if (!sheet) throw errors.input('That brand watch sheet is not in this spreadsheet any more: reopen the sidebar to see the sheets.');
  if (templateOf(sheet) !== 'brand-watch') {
    throw errors.input(`"${sheet.getName()}" is not a brand watch sheet: insert the Brand watch template, then track its brands.`);
  }
  const before = trackedListIds();
  if (trackedListOf(sheet, before)) {
    throw errors.input(`The brands of "${sheet.getName()}" are tracked already: see "Tracking over time".`);
  }
  const area = brandWatchPlan([], []).items;
  const values = area ? sheet.getRange(area.row, area.column, area.rows, area.columns).getValues().flat() : [];
  const items = values.filter((v) => readSubject(v, 'slug').kind === 'ok');
  if (!items.length) throw errors.input(`No brand slugs in column A of "${sheet.getName()}": type some, then try again.`);
  const store = openStore();
  const list = startTracking(store, readTrackRequest({ name: sheet.getName(), kind: 'brands', items, period: 'week', fields: null }));
  markTracked(sheet, list.id);
  return trackingView(store);
}

/** Refuses a template the daily-limit guard would hold back, or that may need more than the last usage read left. */
function refusePastLimit(template: TemplateDefinition, apiKey: string): void {
  const cost = costOf(template);
  if (cost.held) {
    throw errors.input(
      `Not inserted: the daily limit of ${cost.held.which} was reached (try again ${afterReset(cost.held.until, Date.now())}), and "${template.title}" needs ` +
        'answers it holds back. Nothing was sent or changed.',
    );
  }
  // The last read plus what this document sent since: a read taken before a range spent is not trusted as it was.
  const last = currentUsage(apiKey);
  const short = last && cost.requests > 0 ? shortfall(cost.requests, cost.freshSearches, last, new Date()) : null;
  if (short) {
    const what = short.kind === 'searches' ? 'fresh searches' : 'API calls';
    const since = last?.spentSince?.requests ? ', with what this document sent since' : '';
    throw errors.input(
      `Not inserted: "${template.title}" may use ${short.needed} ${what}, and ${short.left} were left at your last usage read ` +
        `(${last?.readAt.slice(11, 16) ?? ''} UTC${since}). Nothing was sent or changed: try after your allowance resets.`,
    );
  }
}

/** Each query's answer (one batch per endpoint, the viewer's key paying for what is not cached). */
function fetchAnswers(queries: TemplateQuery[], budget: Budget): Map<TemplateQuery, Answer> {
  const out = new Map<TemplateQuery, Answer>();
  for (const endpoint of new Set(queries.map((q) => q.endpoint))) {
    const mine = queries.filter((q) => q.endpoint === endpoint);
    const { answers } = lookupAll(
      endpoint,
      mine.map((q) => q.subject),
      budget,
      'user',
    );
    for (const q of mine) out.set(q, answers.get(q.subject ?? '') ?? { ok: false, error: errors.budget() });
  }
  return out;
}

/** The answers that came; an item's own failure is left to its row, any other failure stops the insert. */
function goodAnswers(answers: Map<TemplateQuery, Answer>, allNeeded: boolean): Json[] {
  const good: Json[] = [];
  let failure: AddonError | null = null;
  for (const answer of answers.values()) {
    if (answer.ok) good.push(answer.data);
    else if (allNeeded || !ITEM_FAILURES.has(answer.error.kind)) throw answer.error;
    else failure ??= answer.error;
  }
  if (!good.length) throw failure ?? errors.budget();
  return good;
}

function planFor(template: TemplateDefinition, answers: Map<TemplateQuery, Answer>, budget: Budget): SheetPlan {
  switch (template.id) {
    case 'keyword-research':
      return keywordResearchPlan(goodAnswers(answers, false));
    case 'brand-watch': {
      const { subjects, answers: brands } = examplesOf(template, answers, budget);
      return brandWatchPlan(subjects, brands);
    }
    case 'share-of-search': {
      const { subjects, answers: trends } = examplesOf(template, answers, budget);
      return shareOfSearchPlan(subjects, trends);
    }
    case 'market-overview': {
      const [markets, industries, ranking] = goodAnswers(answers, true);
      return marketOverviewPlan({ markets: markets ?? null, industries: industries ?? null, ranking: ranking ?? null });
    }
  }
}

/**
 * A template's examples and the answers of those that came: the brands the ranking overview names
 * (without its answer there are none), fetched in one batch. Each is written as the overview wrote it
 * ("Zorix Pay"; the formulas fold case and spaces as they read it).
 */
function examplesOf(
  template: TemplateDefinition,
  answers: Map<TemplateQuery, Answer>,
  budget: Budget,
): { subjects: string[]; answers: Json[] } {
  const examples = template.examples;
  const [overview] = goodAnswers(answers, true);
  const queries = examples ? exampleQueries(examples, overview ?? null) : [];
  if (!examples || !queries.length) return { subjects: [], answers: [] };
  const kind = examples.endpoint.param?.kind ?? 'slug';
  const subjects = exampleBrands(overview ?? null, examples.count, examples.take).filter((b) => readSubject(b, kind).kind === 'ok');
  return { subjects, answers: goodAnswers(fetchAnswers(queries, budget), false) };
}

/**
 * Offering and inserting templates. The offer lists each template with what inserting it may spend now
 * (no request). Inserting asks spending/ first and is refused, changing nothing, when it may spend past
 * a known limit; then it fetches the template's queries once with the viewer's key (so the formulas find
 * every answer in the cache and add nothing): first its own, then the examples their answer names (the
 * brand watch's brands and the share of search's names, from the ranking overview); it chooses the
 * fields from those answers, and writes the sheet.
 */
import type { TemplateView } from '../../shared/sidebar-api';
import { sendingFor } from '../spending/request-log';
import { createBudget, type Budget } from '../execution/time-budget';
import { AddonError, errors } from '../errors/errors';
import { readSubject } from '../spreadsheet/input';
import { readApiKey } from '../settings/lookup-settings';
import { lookupAll, type Answer } from '../lookup/pipeline';
import type { Json } from '../shape/shape';
import { refuseTemplatePastLimit, templateCost, templateWait, type TemplateCost } from '../spending/template-cost';
import { currentUsage } from '../spending/usage-read';
import { capRoomToday } from '../spending/spend-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { permissionErrorOf } from '../execution/permissions';
import { uniqueSheetName } from '../spreadsheet/sheet-areas';
import { TEMPLATE_IDS, TEMPLATES, isTemplateId, type TemplateDefinition, type TemplateQuery } from './template-catalog';
import { exampleQueries, knownQueries } from './template-examples';
import { exampleBrands } from './template-fields';
import { markTemplateSheet } from './template-marks';
import { brandWatchPlan, keywordResearchPlan, marketOverviewPlan, shareOfSearchPlan, type SheetPlan } from './template-plan';
import { writePlan } from './template-write';

/** Sidebar and menu calls have Google's 6 minutes; three endpoints or ten keywords need far less. */
const FETCH_LIMIT_MS = 120_000;
/** Failures of one keyword or brand: the others still make the sheet (that row shows its error). */
const ITEM_FAILURES = new Set(['not-found', 'bad-request', 'input']);

/**
 * Every template with what inserting it and evaluating its formulas may spend now, and, when it cannot
 * be inserted now (a spent allowance), why and until when (no request).
 */
export function templateOffers(): TemplateView[] {
  const apiKey = readApiKey('user');
  const last = apiKey ? currentUsage(apiKey) : null;
  const now = Date.now();
  const capRoom = capRoomIfReadable(now);
  return TEMPLATE_IDS.map((id) => {
    const template = TEMPLATES[id];
    const cost = costOf(template);
    const { requests, freshSearches } = cost;
    const waits = templateWait(cost, last, now, capRoom);
    return { id, title: template.title, description: template.description, requests, freshSearches, waits };
  });
}

/**
 * What this spreadsheet's cap leaves today, for the offer; null where it cannot be read because the
 * spreadsheet permission was left unticked (the offer needs no permission of its own, and Insert then
 * says which is missing).
 */
function capRoomIfReadable(now: number): number | null {
  try {
    return capRoomToday(openStore(), now);
  } catch (error) {
    if (permissionErrorOf(error)) return null;
    throw error;
  }
}

/** What inserting a template may spend now: its queries known now, and the examples still to be read. */
function costOf(template: TemplateDefinition): TemplateCost {
  const { queries, unknown } = knownQueries(template);
  return templateCost(queries, unknown);
}

/**
 * Inserts a template as a new sheet named after it and returns the sheet's name. Refuses, changing
 * nothing, an unknown id, a missing key, or a cost past a known daily limit.
 * @param id the template's id, as the sidebar sent it
 */
export function insertTemplateSheet(id: unknown): string {
  if (!isTemplateId(id)) {
    throw errors.input(`Unknown template: choose ${TEMPLATE_IDS.map((t) => `"${t}"`).join(', ')}. Nothing was inserted.`);
  }
  const template = TEMPLATES[id];
  const apiKey = readApiKey('user');
  if (!apiKey) throw errors.noKey();
  refuseTemplatePastLimit(template.title, costOf(template), apiKey);
  sendingFor(`Template "${template.title}"`);
  const budget = createBudget(FETCH_LIMIT_MS);
  const plan = planFor(template, fetchAnswers(template.queries, budget), budget);
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = spreadsheet.insertSheet(uniqueSheetName(spreadsheet, template.title, 'Template'));
  writePlan(sheet, plan);
  markTemplateSheet(sheet, id);
  sheet.activate();
  return sheet.getName();
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

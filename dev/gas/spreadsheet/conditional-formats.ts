/**
 * Conditional formatting: `SpreadsheetApp.newConditionalFormatRule()` builders with number conditions
 * and a background or font colour, `Sheet.setConditionalFormatRules(rules)` ("Replaces all currently
 * existing conditional format rules in the sheet with the input rules", Google's Sheet reference) and
 * `getConditionalFormatRules()`. The rules live on their sheet's model (`SheetModel.conditionalFormats`);
 * scripts hold copies. Nothing here colours a cell: the rules are kept for tests and the playground.
 *
 * Strict where Google is silent: a rule needs a condition and at least one range before `build()`, and
 * its ranges must be on the sheet whose rules are set.
 */
import { GasException } from '../execution/execution.js';
import { GasObject, signatureError, unwrap } from '../execution/service.js';
import { checkWrite, type DocumentContext, type DocumentHandles } from './document-context.js';
import type { ConditionalFormatModel, GridRect, SheetModel } from './sheet-model.js';

interface RuleDraft {
  condition: ConditionalFormatModel['condition'] | null;
  background: string | null;
  fontColor: string | null;
  ranges: { sheet: SheetModel; rect: GridRect }[];
}

export const CONDITIONAL_FORMAT_MESSAGES = Object.freeze({
  noCondition: 'dev/gas: a conditional format rule needs a condition (whenNumberGreaterThan…) before build().',
  noRange: 'dev/gas: a conditional format rule needs at least one range (setRanges) before build().',
  otherSheet: "dev/gas: a conditional format rule's ranges must be on the sheet whose rules are set.",
});

/** `ConditionalFormatRule`: a built rule. */
export class ConditionalFormatRuleFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.ConditionalFormatRule';
  readonly #draft: RuleDraft;

  constructor(draft: RuleDraft) {
    super();
    this.#draft = { ...draft, ranges: [...draft.ranges] };
  }

  /** The rule's parts, for setConditionalFormatRules. */
  static partsOf(rule: ConditionalFormatRuleFake): RuleDraft {
    return rule.#draft;
  }
}

/** `ConditionalFormatRuleBuilder`: number conditions, a background or font colour, ranges. */
export class ConditionalFormatRuleBuilderFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.ConditionalFormatRuleBuilder';
  readonly #draft: RuleDraft = { condition: null, background: null, fontColor: null, ranges: [] };
  readonly #handles: DocumentHandles;

  /** `handles` (sheets.ts's) read the Ranges given to setRanges. */
  constructor(handles: DocumentHandles) {
    super();
    this.#handles = handles;
  }

  whenNumberGreaterThan(...args: unknown[]): this {
    return this.#number('whenNumberGreaterThan', 'NUMBER_GREATER_THAN', args);
  }
  whenNumberLessThan(...args: unknown[]): this {
    return this.#number('whenNumberLessThan', 'NUMBER_LESS_THAN', args);
  }
  setBackground(...args: unknown[]): this {
    this.#draft.background = this.#color('setBackground', args);
    return this;
  }
  setFontColor(...args: unknown[]): this {
    this.#draft.fontColor = this.#color('setFontColor', args);
    return this;
  }
  setRanges(...args: unknown[]): this {
    const list: unknown = args[0];
    if (args.length !== 1 || !Array.isArray(list)) throw signatureError('SpreadsheetApp.ConditionalFormatRuleBuilder.setRanges', args);
    this.#draft.ranges = list.map((r) => {
      const where = this.#handles.rangeLocation(r);
      if (!where) throw signatureError('SpreadsheetApp.ConditionalFormatRuleBuilder.setRanges', args);
      return where;
    });
    return this;
  }
  build(): ConditionalFormatRuleFake {
    if (!this.#draft.condition) throw new GasException(CONDITIONAL_FORMAT_MESSAGES.noCondition);
    if (!this.#draft.ranges.length) throw new GasException(CONDITIONAL_FORMAT_MESSAGES.noRange);
    return new ConditionalFormatRuleFake(this.#draft);
  }

  #number(method: string, type: ConditionalFormatModel['condition']['type'], args: unknown[]): this {
    const [value] = args;
    if (args.length !== 1 || typeof value !== 'number' || !Number.isFinite(value))
      throw signatureError(`SpreadsheetApp.ConditionalFormatRuleBuilder.${method}`, args);
    this.#draft.condition = { type, value };
    return this;
  }
  #color(method: string, args: unknown[]): string | null {
    const [color] = args;
    if (args.length !== 1 || (color !== null && typeof color !== 'string'))
      throw signatureError(`SpreadsheetApp.ConditionalFormatRuleBuilder.${method}`, args);
    return color;
  }
}

/** Sheet.setConditionalFormatRules(rules): replaces the sheet's rules. */
export function setConditionalFormatRules(ctx: DocumentContext, sheet: SheetModel, args: unknown[]): void {
  const list: unknown = args[0];
  if (args.length !== 1 || !Array.isArray(list)) throw signatureError('SpreadsheetApp.Sheet.setConditionalFormatRules', args);
  const rules = list.map((r) => {
    const rule = unwrap(r);
    if (!(rule instanceof ConditionalFormatRuleFake)) throw signatureError('SpreadsheetApp.Sheet.setConditionalFormatRules', args);
    const draft = ConditionalFormatRuleFake.partsOf(rule);
    if (draft.ranges.some((r) => r.sheet !== sheet)) throw new GasException(CONDITIONAL_FORMAT_MESSAGES.otherSheet);
    return {
      condition: draft.condition as ConditionalFormatModel['condition'],
      background: draft.background,
      fontColor: draft.fontColor,
      ranges: draft.ranges.map((r) => ({ ...r.rect })),
    };
  });
  checkWrite(ctx, 'setConditionalFormatRules');
  sheet.conditionalFormats.splice(0, sheet.conditionalFormats.length, ...rules);
}

/** Sheet.getConditionalFormatRules(): copies of the sheet's rules. */
export function getConditionalFormatRules(ctx: DocumentContext, sheet: SheetModel): ConditionalFormatRuleFake[] {
  ctx.book.stats.reads++;
  return sheet.conditionalFormats.map(
    (m) => new ConditionalFormatRuleFake({ ...m, ranges: m.ranges.map((rect) => ({ sheet, rect: { ...rect } })) }),
  );
}

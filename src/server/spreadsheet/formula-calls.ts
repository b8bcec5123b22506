/**
 * The add-on's calls in a formula's text, with each argument's text, at any depth:
 * `=IFERROR(SEARCH_SCORE(A2:A10, SDM_REFRESH), "")` holds SEARCH_SCORE with `A2:A10` and `SDM_REFRESH`.
 * Text in double quotes and quoted sheet names are skipped whole, so `"SEARCH_SCORE("` is no call.
 */
import { CUSTOM_FUNCTION_NAMES } from './addon-formulas';

/** One of the add-on's function names. */
export type CustomFunctionName = (typeof CUSTOM_FUNCTION_NAMES)[number];

/** One call of ours: the function and its arguments' text, trimmed (`''` for an empty argument). */
export interface OurCall {
  name: CustomFunctionName;
  args: string[];
}

// Marked pure so that the formulas' bundle, which never calls this module, leaves it out.
const OUR_NAMES = /* @__PURE__ */ new Set<string>(CUSTOM_FUNCTION_NAMES);

/**
 * Every call of the add-on's functions in a formula, inner calls included.
 * @param formula a formula such as `=SEARCH_SCORE(A2:A501)`
 */
export function callsIn(formula: string): OurCall[] {
  const calls: OurCall[] = [];
  const open: { name: CustomFunctionName | null; args: string[]; argStart: number }[] = [];
  for (let i = 0; i < formula.length;) {
    const ch = formula[i] ?? '';
    if (ch === '"' || ch === "'") {
      i = closingQuote(formula, i) + 1;
      continue;
    }
    if (ch === '(' || ch === '{') {
      const name =
        ch === '(' ? /(?:^|[^A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_.]*)\s*$/.exec(formula.slice(0, i))?.[1]?.toUpperCase() : undefined;
      open.push({ name: name && OUR_NAMES.has(name) ? (name as CustomFunctionName) : null, args: [], argStart: i + 1 });
    } else if (ch === ',' && open.length) {
      const frame = open[open.length - 1];
      if (frame) {
        frame.args.push(formula.slice(frame.argStart, i).trim());
        frame.argStart = i + 1;
      }
    } else if ((ch === ')' || ch === '}') && open.length) {
      const frame = open.pop();
      if (frame?.name) {
        const last = formula.slice(frame.argStart, i).trim();
        // `F()` has no argument; `F(a, )` has an empty last one.
        calls.push({ name: frame.name, args: last || frame.args.length ? [...frame.args, last] : [] });
      }
    }
    i++;
  }
  return calls;
}

/** The index of the quote that closes the one at `start` (a doubled quote inside is an escaped one). */
function closingQuote(text: string, start: number): number {
  const quote = text[start];
  let j = start + 1;
  while (j < text.length) {
    if (text[j] === quote) {
      if (text[j + 1] === quote) j += 2;
      else return j;
    } else j++;
  }
  return text.length;
}

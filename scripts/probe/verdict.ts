/**
 * What a probe case expects and what it saw, and the verdict between them: the words of the sheet
 * "Probe results" (docs/develop/probe.md). Pure code: it runs in the probe on Google, in dev/gas, and in
 * the tests' node alike.
 */

/** What Google did in one case: a value to compare, and the words the sheet shows. */
export interface Seen {
  /** What is compared with dev/gas's expectation: a word ('refused', 'answered', …) or a number. */
  value: string | number;
  /** What the sheet shows in "Google did" (a message, a measurement with its unit). */
  shows: string;
}

/** A case not finished yet: what the maintainer does next (a step of the probe's menu). */
export interface Waiting {
  waiting: string;
}

/** What a case records: seen, or still waiting for a step. */
export type Observation = Seen | Waiting;

/**
 * What a different answer from Google means for dev/gas: Google kinder (dev/gas stays strict, dev/gas/RULES.md
 * says so), Google stricter (dev/gas must follow at once, with a test), or only different (a display,
 * a value: dev/gas must follow Google).
 */
export type Difference = 'kinder' | 'stricter' | 'differs';

/** What dev/gas does in a case: the value the probe sees when it runs in dev/gas (the expected value). */
export type Expectation =
  /** exactly this value; any other answer from Google is `otherwise` */
  | { is: string; otherwise: Difference; shows?: string }
  /**
   * a number Google may stay under: above it (past `slackRatio` and `slackPlus`, the measuring noise) Google is
   * stricter; under `kinderBelow` of it, kinder (a latency Google answers much faster than modelled)
   */
  | { atMost: number; unit: string; slackRatio?: number; slackPlus?: number; kinderBelow?: number }
  /** a number Google may pass: under it Google is stricter, over it kinder (items a cache keeps) */
  | { atLeast: number; unit: string };

/** The sheet's verdict for one case. */
export type Verdict = 'agrees' | Difference | 'waiting';

/** The verdict's words, as the sheet shows them, with what to do about it (docs/develop/probe.md). */
export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = Object.freeze({
  agrees: 'agrees',
  kinder: 'Google kinder: keep dev/gas strict, say so in dev/gas/RULES.md',
  stricter: 'Google stricter: make dev/gas follow now, with a test',
  differs: 'differs: make dev/gas follow Google, with a test',
  waiting: 'waiting',
});

/** Whether an observation is still waiting for a step. */
export function isWaiting(observation: Observation): observation is Waiting {
  return 'waiting' in observation;
}

/**
 * The verdict on what Google did against what dev/gas does.
 * @param expected the case's expectation (what dev/gas does)
 * @param observation what the probe saw
 */
export function verdictOf(expected: Expectation, observation: Observation): Verdict {
  if (isWaiting(observation)) return 'waiting';
  const seen = observation.value;
  if ('is' in expected) return String(seen) === expected.is ? 'agrees' : expected.otherwise;
  if (typeof seen !== 'number' || !Number.isFinite(seen)) return 'differs';
  if ('atMost' in expected) {
    const limit = expected.atMost * (1 + (expected.slackRatio ?? 0)) + (expected.slackPlus ?? 0);
    if (seen > limit) return 'stricter';
    return expected.kinderBelow !== undefined && seen < expected.atMost * expected.kinderBelow ? 'kinder' : 'agrees';
  }
  if (seen < expected.atLeast) return 'stricter';
  return seen > expected.atLeast ? 'kinder' : 'agrees';
}

/** Rounds a measurement to one decimal, for the sheet. */
function tenths(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/**
 * What the sheet shows in "dev/gas does".
 * @param expected the case's expectation
 */
export function describeExpectation(expected: Expectation): string {
  if ('is' in expected) return expected.shows ?? expected.is;
  if ('atMost' in expected) return `at most ${tenths(expected.atMost)} ${expected.unit}`;
  return `at least ${tenths(expected.atLeast)} ${expected.unit}`;
}

/**
 * A measurement as the probe records it.
 * @param value the number
 * @param unit its unit ('ms a call')
 * @param note what else the sheet says of it
 */
export function measured(value: number, unit: string, note = ''): Seen {
  return { value: Math.round(value * 10) / 10, shows: `${tenths(value)} ${unit}${note ? ` (${note})` : ''}` };
}

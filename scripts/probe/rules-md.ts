/**
 * dev/gas/RULES.md read as the probe reads it: every statement (a row of a table, or a paragraph or list
 * item) under its section's anchor, and which of them are our stricter reading or say Google is silent.
 * Each such statement needs a probe case or a line of NOT_PROBED (scripts/probe/cases.ts); the build
 * test and `npm run probe` say which has neither, and which case points at a rule no longer there.
 */
import type { NotProbed, ProbeCase, RuleRef } from './probe-case.ts';

/** One statement of dev/gas/RULES.md. */
export interface RuleStatement {
  /** Its section's anchor, as GitHub makes it from the heading. */
  anchor: string;
  /** A table row's first cell, as written; undefined for a paragraph or list item. */
  row?: string;
  /** Its whole text, lines joined by spaces. */
  text: string;
  /** Whether it is our stricter reading, an assumption, or says Google is silent. */
  marked: boolean;
}

/**
 * The words that mark a rule as our reading rather than Google's: *strict* (dev/gas/RULES.md's own mark), stricter,
 * our reading, silent, assumed or assume, not published, publishes no…, undocumented, does not say,
 * says neither.
 */
const MARKS = /\*strict\*|\bstricter\b|our reading|\bsilent\b|\bassum|not published|publishes no|undocumented|does not say|says neither/i;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The cells of a table row (`| a | b |`), trimmed; a `\|` inside a cell does not split it. */
function cellsOf(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/**
 * Every statement of dev/gas/RULES.md, in order.
 * @param markdown the file's text
 */
export function readRules(markdown: string): RuleStatement[] {
  const statements: RuleStatement[] = [];
  let anchor = '';
  let block: string[] = [];
  let lastWasRow = false;
  const flush = () => {
    if (block.length === 0) return;
    const text = block.join(' ');
    statements.push({ anchor, text, marked: MARKS.test(text) });
    block = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^#+ (.+)$/.exec(line);
    if (heading) {
      flush();
      anchor = anchorOf(heading[1]!);
      continue;
    }
    if (line.startsWith('|')) {
      flush();
      const cells = cellsOf(line);
      if (cells.every((cell) => /^:?-+:?$/.test(cell))) {
        // The row above a table's separator is its header: the names of its columns, no rule.
        if (lastWasRow) statements.pop();
        lastWasRow = false;
        continue;
      }
      statements.push({ anchor, row: cells[0] ?? '', text: line, marked: MARKS.test(line) });
      lastWasRow = true;
      continue;
    }
    lastWasRow = false;
    if (line.trim() === '' || line.startsWith('```')) {
      flush();
      continue;
    }
    if (/^\s*- /.test(line)) flush();
    block.push(line.trim());
  }
  flush();
  return statements;
}

/** Whether a reference points at a statement: its row by the first cell, or words of its text. */
function refersTo(ref: RuleRef, statement: RuleStatement): boolean {
  if (ref.anchor !== statement.anchor) return false;
  if (ref.row !== undefined) return statement.row === ref.row;
  return ref.text !== undefined && statement.text.includes(ref.text);
}

/** A reference as a problem names it. */
function named(ref: RuleRef): string {
  return `#${ref.anchor} ${ref.row !== undefined ? `row "${ref.row}"` : `"${ref.text ?? ''}"`}`;
}

/**
 * What disagrees between dev/gas/RULES.md and the probe: a marked rule with neither a case nor a line of
 * NOT_PROBED, and a reference that points at nothing; empty when they agree.
 * @param statements dev/gas/RULES.md's statements (readRules)
 * @param cases the probe's cases
 * @param notProbed the rules the probe cannot try, with why
 */
export function coverageProblems(
  statements: readonly RuleStatement[],
  cases: readonly ProbeCase[],
  notProbed: readonly NotProbed[],
): string[] {
  const refs = [
    ...cases.flatMap((c) => c.rules.map((ref) => ({ ref, by: `case ${c.id}` }))),
    ...notProbed.flatMap((n) => n.rules.map((ref) => ({ ref, by: 'NOT_PROBED' }))),
  ];
  const problems: string[] = [];
  for (const { ref, by } of refs) {
    if (!statements.some((s) => refersTo(ref, s))) problems.push(`${by} points at ${named(ref)}, which dev/gas/RULES.md does not have`);
  }
  for (const statement of statements.filter((s) => s.marked)) {
    if (refs.some(({ ref }) => refersTo(ref, statement))) continue;
    const what = statement.row !== undefined ? `row "${statement.row}"` : `"${statement.text.slice(0, 80)}…"`;
    problems.push(
      `#${statement.anchor} ${what} is marked as our reading (or Google's silence) but has no probe case and no line in NOT_PROBED`,
    );
  }
  return problems;
}

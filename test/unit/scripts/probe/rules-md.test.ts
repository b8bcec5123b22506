/**
 * dev/gas/RULES.md as the probe reads it (scripts/probe/rules-md.ts): its statements under their
 * sections' anchors, which are our reading rather than Google's, and what has no probe case.
 */
import { describe, expect, it } from 'vitest';
import type { NotProbed, ProbeCase } from '../../../../scripts/probe/probe-case';
import { anchorOf, coverageProblems, readRules } from '../../../../scripts/probe/rules-md';

const RULES = [
  '# dev/gas — the rules it models',
  '',
  'What it does, or our stricter reading where Google is silent.',
  '',
  '## Custom functions: what Google lists, as the anonymous user',
  '',
  '| Rule | What dev/gas does | Source |',
  '| --- | --- | --- |',
  "| Only the listed services | Refuses the rest | Google's guide |",
  '| Who the user is | Session refused | Our *strict* reading |',
  '',
  '- **Latency**: a refused call costs',
  '  93 ms (**assumed**).',
  '- Logger lines are kept.',
  '',
].join('\n');

/** A case that points at `rules`, and does nothing else. */
const caseAt = (id: string, rules: ProbeCase['rules']): ProbeCase => ({
  id,
  rules,
  claim: id,
  devGas: { is: 'x', otherwise: 'differs' },
  step: 'start',
});

describe('readRules', () => {
  it('reads rows by their first cell and paragraphs or list items as one text, under their section, header rows left out', () => {
    const statements = readRules(RULES);
    expect(statements.map((s) => [s.anchor, s.row ?? s.text, s.marked])).toEqual([
      ['devgas--the-rules-it-models', 'What it does, or our stricter reading where Google is silent.', true],
      ['custom-functions-what-google-lists-as-the-anonymous-user', 'Only the listed services', false],
      ['custom-functions-what-google-lists-as-the-anonymous-user', 'Who the user is', true],
      ['custom-functions-what-google-lists-as-the-anonymous-user', '- **Latency**: a refused call costs 93 ms (**assumed**).', true],
      ['custom-functions-what-google-lists-as-the-anonymous-user', '- Logger lines are kept.', false],
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf("Google's rules and where they come from")).toBe('googles-rules-and-where-they-come-from');
    expect(anchorOf("Results of custom functions (`mode: 'custom-function'` only)")).toBe(
      'results-of-custom-functions-mode-custom-function-only',
    );
  });
});

describe('coverageProblems', () => {
  const anchor = 'custom-functions-what-google-lists-as-the-anonymous-user';
  const explained: NotProbed = {
    rules: [{ anchor: 'devgas--the-rules-it-models', text: 'our stricter reading' }],
    why: 'It explains the marks.',
  };

  it('is empty when every marked statement has a case or a reason', () => {
    const cases = [
      caseAt('who', [{ anchor, row: 'Who the user is' }]),
      caseAt('latency', [{ anchor, text: 'a refused call costs 93 ms' }]),
    ];
    expect(coverageProblems(readRules(RULES), cases, [explained])).toEqual([]);
  });

  it('names a marked statement with neither, and a reference to nothing', () => {
    const cases = [caseAt('who', [{ anchor, row: 'Who the user' }])];
    expect(coverageProblems(readRules(RULES), cases, [explained])).toEqual([
      `case who points at #${anchor} row "Who the user", which dev/gas/RULES.md does not have`,
      `#${anchor} row "Who the user is" is marked as our reading (or Google's silence) but has no probe case and no line in NOT_PROBED`,
      `#${anchor} "- **Latency**: a refused call costs 93 ms (**assumed**).…" is marked as our reading (or Google's silence) but has no probe case and no line in NOT_PROBED`,
    ]);
  });
});

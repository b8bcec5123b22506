/**
 * The probe's verdicts (scripts/probe/verdict.ts): what Google did against what dev/gas does, in the
 * words of the sheet "Probe results" (docs/develop/probe.md, "Reading the sheet").
 */
import { describe, expect, it } from 'vitest';
import { describeExpectation, measured, verdictOf, VERDICT_WORDS, type Expectation } from '../../../../scripts/probe/verdict';

const seen = (value: string | number) => ({ value, shows: String(value) });

describe('verdictOf', () => {
  it('compares a value: the same agrees, another is what the case says a difference means', () => {
    const refused: Expectation = { is: 'refused', otherwise: 'kinder' };
    expect(verdictOf(refused, seen('refused'))).toBe('agrees');
    expect(verdictOf(refused, seen('answered'))).toBe('kinder');
    expect(verdictOf({ is: '3/18/2026 13:45:30', otherwise: 'differs' }, seen('18/03/2026 13:45:30'))).toBe('differs');
    expect(verdictOf({ is: 'found', otherwise: 'stricter' }, seen('not found'))).toBe('stricter');
  });

  it('takes a latency Google stays under, with the measuring noise: slower is stricter, much faster kinder', () => {
    const cacheWrite: Expectation = { atMost: 93, unit: 'ms a call', slackRatio: 0.1, slackPlus: 1, kinderBelow: 0.5 };
    expect(verdictOf(cacheWrite, seen(93))).toBe('agrees');
    expect(verdictOf(cacheWrite, seen(103.3))).toBe('agrees');
    expect(verdictOf(cacheWrite, seen(103.4))).toBe('stricter');
    expect(verdictOf(cacheWrite, seen(46.5))).toBe('agrees');
    expect(verdictOf(cacheWrite, seen(46.4))).toBe('kinder');
    // A bound without kinderBelow: under it agrees, however far under.
    expect(verdictOf({ atMost: 10, unit: '% gone early' }, seen(0))).toBe('agrees');
    expect(verdictOf({ atMost: 0, unit: 'of 30 cells refused' }, seen(1))).toBe('stricter');
  });

  it('takes a number Google may pass: under it stricter, over it kinder', () => {
    const kept: Expectation = { atLeast: 904, unit: 'of 1005 items kept' };
    expect(verdictOf(kept, seen(904))).toBe('agrees');
    expect(verdictOf(kept, seen(1005))).toBe('kinder');
    expect(verdictOf(kept, seen(900))).toBe('stricter');
  });

  it('waits while a step has not run, and calls a word where a number belongs different', () => {
    expect(verdictOf({ is: 'refused', otherwise: 'kinder' }, { waiting: 'Probe › 1. Start the probe' })).toBe('waiting');
    expect(verdictOf({ atLeast: 56, unit: 'values taken' }, seen('refused'))).toBe('differs');
  });
});

describe('what the sheet shows', () => {
  it('says what dev/gas does, and each verdict with what to do about it', () => {
    expect(describeExpectation({ is: 'refused', otherwise: 'kinder' })).toBe('refused');
    expect(describeExpectation({ is: 'none', otherwise: 'kinder', shows: 'no active spreadsheet' })).toBe('no active spreadsheet');
    expect(describeExpectation({ atMost: 23, unit: 'ms a call' })).toBe('at most 23 ms a call');
    expect(describeExpectation({ atLeast: 904, unit: 'of 1005 items kept' })).toBe('at least 904 of 1005 items kept');
    expect(VERDICT_WORDS.kinder).toBe('Google kinder: keep dev/gas strict, say so in dev/gas/RULES.md');
    expect(VERDICT_WORDS.stricter).toBe('Google stricter: make dev/gas follow now, with a test');
  });

  it('rounds a measurement to a tenth and says its unit and how it was taken', () => {
    expect(measured(93.149, 'ms a call', '10 calls')).toEqual({ value: 93.1, shows: '93.1 ms a call (10 calls)' });
    expect(measured(0, 'of 30 cells refused')).toEqual({ value: 0, shows: '0 of 30 cells refused' });
  });
});

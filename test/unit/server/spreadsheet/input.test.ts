import { describe, expect, it } from 'vitest';
import { match } from '../../../matchers.js';
import { readField, readOptions, readSubject, readSubjects, requireSubject } from '../../../../src/server/spreadsheet/input';

describe('readSubject', () => {
  it('trims, collapses inner whitespace and case-folds keywords', () => {
    expect(readSubject('  Electric   Bikes\t', 'keyword')).toEqual({ kind: 'ok', value: 'electric bikes' });
    expect(readSubject(' coffee ', 'keyword')).toEqual(readSubject('Coffee', 'keyword'));
  });

  it('unifies composed and decomposed accents', () => {
    expect(readSubject('cafe\u0301', 'keyword')).toEqual(readSubject('café', 'keyword'));
  });

  it('keeps reserved characters and emoji for the URL encoder', () => {
    expect(readSubject('C++ & C# 100% / why? ☕', 'keyword')).toEqual({ kind: 'ok', value: 'c++ & c# 100% / why? ☕' });
  });

  it('treats blanks and whitespace as blank', () => {
    for (const v of ['', '   ', undefined, null]) expect(readSubject(v, 'keyword')).toEqual({ kind: 'blank' });
  });

  it('reads numbers as text and refuses booleans and dates with a clear message', () => {
    expect(readSubject(2024, 'keyword')).toEqual({ kind: 'ok', value: '2024' });
    expect(readSubject(true, 'keyword')).toEqual({ kind: 'bad', message: 'Bad input: keyword must be text, not TRUE.' });
    expect(readSubject(new Date(0), 'slug')).toMatchObject({ kind: 'bad', message: match.stringContaining('slug is a date') });
  });

  it('invents no length limit: the service says what it accepts (and Google limits the URL)', () => {
    expect(readSubject('a'.repeat(3000), 'keyword')).toEqual({ kind: 'ok', value: 'a'.repeat(3000) });
  });

  it('checks the prefix:name form of groups and keeps their case', () => {
    expect(readSubject(' sector:fintech ', 'group')).toEqual({ kind: 'ok', value: 'sector:fintech' });
    expect(readSubject('market:US', 'group')).toEqual({ kind: 'ok', value: 'market:US' });
    for (const bad of ['fintech', ':fintech', 'sector:', 'sector: fintech']) {
      expect(readSubject(bad, 'group')).toMatchObject({ kind: 'bad', message: match.stringContaining('prefix:name') });
    }
  });
});

describe('readSubjects', () => {
  it('reads a single value as one cell and a range as rows', () => {
    expect(readSubjects('x', 'keyword')).toEqual({ single: true, cells: [[{ kind: 'ok', value: 'x' }]] });
    expect(
      readSubjects(
        [
          ['a', ''],
          ['b', 'A '],
        ],
        'keyword',
      ).cells,
    ).toEqual([
      [{ kind: 'ok', value: 'a' }, { kind: 'blank' }],
      [
        { kind: 'ok', value: 'b' },
        { kind: 'ok', value: 'a' },
      ],
    ]);
  });

  it('makes an empty single input an error that says what to do', () => {
    expect(() => requireSubject({ kind: 'blank' }, 'keyword')).toThrow(/keyword is empty/);
  });
});

describe('readField and readOptions', () => {
  it('treats blank as absent', () => {
    expect(readField('')).toBeUndefined();
    expect(readField(undefined)).toBeUndefined();
    expect(readField(' peak.month ')).toBe('peak.month');
  });

  it('parses options in any case and spacing, and rejects unknown ones', () => {
    expect(readOptions('noHeaders, TRANSPOSE')).toEqual({ noHeaders: true, transpose: true, raw: false });
    expect(readOptions('no_headers')).toEqual({ noHeaders: true, transpose: false, raw: false });
    expect(readOptions(' RAW ; noHeaders')).toEqual({ noHeaders: true, transpose: false, raw: true });
    expect(() => readOptions('noHeaders, sideways')).toThrow('unknown option "sideways"');
    expect(() => readOptions(3)).toThrow('options must be text');
  });
});

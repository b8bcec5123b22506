/** The tracking section's words: what a run asks for and may spend, said before it runs. */
import { describe, expect, it } from 'vitest';
import type { TrackListView } from '../../../src/shared/sidebar-api';
import {
  fieldsModel,
  listWhere,
  nextRunText,
  parseItems,
  selectionText,
  spendText,
  trackCostText,
  trackingSummary,
} from '../../../src/sidebar/tracking-model';

const list = (over: Partial<TrackListView> = {}): TrackListView => ({
  id: 'a',
  name: 'Drinks',
  kind: 'keywords',
  period: 'week',
  items: 3,
  sheetName: 'Tracking: Drinks',
  status: 'ok',
  message: '',
  lastRun: null,
  due: 2,
  searches: true,
  runBy: { you: true, email: 'me@example.com' },
  ...over,
});

describe('tracking model', () => {
  it('reads typed items one per line or comma separated, dropping blanks', () => {
    expect(parseItems(' coffee \n\ntea, matcha;espresso\n')).toEqual(['coffee', 'tea', 'matcha', 'espresso']);
  });

  it('says what the next run asks for and may spend: requests always, fresh searches only for keywords', () => {
    expect(nextRunText(list())).toBe(
      'Next run asks for 2 keywords: at most 2 requests (and one that reads your allowance), and at most 2 fresh searches (none for those the service answered in the last 7 days).',
    );
    expect(nextRunText(list({ kind: 'brands', due: 1, searches: false }))).toBe(
      'Next run asks for 1 brand: at most 1 request (and one that reads your allowance), no fresh searches.',
    );
    expect(nextRunText(list({ due: 0, period: 'day' }))).toBe('Next run: nothing due, every item has its row today.');
    expect(spendText(1, true)).toBe(
      'at most 1 request (and one that reads your allowance), and at most 1 fresh search (none for those the service answered in the last 7 days)',
    );
  });

  it('says where the list lives and whose key runs it', () => {
    expect(listWhere(list())).toBe('Tracking: Drinks · 3 keywords · weekly · runs with your key');
    expect(listWhere(list({ runBy: { you: false, email: 'ann@example.com' }, period: 'day' }))).toBe(
      "Tracking: Drinks · 3 keywords · daily · runs with ann@example.com's key",
    );
  });
});

describe('trackingSummary', () => {
  it('counts the lists and their items, and warns of lists whose last run failed', () => {
    expect(trackingSummary({ lists: [], runStop: null })).toEqual({ text: 'No list yet', warn: false });
    expect(trackingSummary({ lists: [list(), list({ id: 'b', items: 1 })], runStop: null })).toEqual({
      text: '2 lists · 4 items tracked',
      warn: false,
    });
    expect(trackingSummary({ lists: [list({ status: 'error' })], runStop: null })).toEqual({
      text: '1 list · 1 failed its last run',
      warn: true,
    });
    expect(trackingSummary({ lists: [list({ status: 'error' }), list({ id: 'b', status: 'error' })], runStop: null })).toEqual({
      text: '2 lists · 2 failed their last run',
      warn: true,
    });
  });

  it("warns first that the viewer's scheduled runs stop, where there are lists", () => {
    const runStop = { since: '2026-11-29T06:10:00.000Z', message: 'Your scheduled runs have stopped since …' };
    expect(trackingSummary({ lists: [list({ status: 'error' })], runStop })).toEqual({
      text: 'Scheduled runs stopped: open to see why',
      warn: true,
    });
    expect(trackingSummary({ lists: [], runStop })).toEqual({ text: 'No list yet', warn: false });
  });
});

describe('the form to start a list', () => {
  it('says what tracking the typed items costs: the rule at once, then what the server counted', () => {
    expect(trackCostText(0, 'keywords', 'week', null)).toBe('');
    expect(trackCostText(2, 'keywords', 'week', null)).toBe(
      'Adding asks for 2 keywords now: at most 2 requests (and one that reads your allowance), and at most 2 fresh searches (none for those the service answered in the last 7 days); then as much each week.',
    );
    expect(trackCostText(1, 'brands', 'day', null)).toBe(
      'Adding asks for 1 brand now: at most 1 request (and one that reads your allowance), no fresh searches; then as much each day.',
    );
    expect(trackCostText(2, 'keywords', 'week', { requests: 1, freshSearches: 1, heldBack: 0 })).toBe(
      'Tracking these now sends 1 request, at most 1 fresh search; then as much each week.',
    );
    expect(trackCostText(2, 'brands', 'day', { requests: 0, freshSearches: 0, heldBack: 0 })).toBe(
      'Tracking these now sends nothing (cached); then as much each day.',
    );
  });

  it('says what the selection gave, and how many cells it skipped', () => {
    expect(selectionText({ items: ['coffee', 'tea'], range: 'Sheet1!A1:A5', skipped: 3 }, 'keywords')).toBe(
      '2 keywords from Sheet1!A1:A5; 3 cells skipped.',
    );
    expect(selectionText({ items: ['acme'], range: 'Sheet1!B2', skipped: 0 }, 'brands')).toBe('1 brand from Sheet1!B2.');
  });

  it('names the fields in words, says what is always kept, and ticks the defaults', () => {
    const view = {
      score: 'a.score',
      series: 'a.history',
      fields: ['a.volume', 'a.rank'],
      defaults: ['a.volume'],
      words: { 'a.score': 'Demand score', 'a.history': 'Monthly searches', 'a.volume': 'Volume' },
    };
    expect(fieldsModel(view)).toEqual({
      always: 'Always kept: Score (Demand score), Monthly searches.',
      fields: [
        { path: 'a.volume', label: 'Volume', checked: true },
        { path: 'a.rank', label: 'a.rank', checked: false },
      ],
    });
    expect(fieldsModel({ ...view, score: null, series: null }).always).toBe('Always kept: the score.');
  });
});

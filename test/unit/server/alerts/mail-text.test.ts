/**
 * The alerts' mails in words (src/server/alerts/mail-text.ts): a digest names each table's and list's
 * changes, cut at 25 each, with the link and the thresholds; the failure mails say why and what follows.
 */
import { describe, expect, it } from 'vitest';
import { ALERTS_OFF } from '../../../../src/server/alerts/alert-settings';
import { digestMail, failureMail, numberText } from '../../../../src/server/alerts/mail-text';

const about = { name: 'Market watch', url: 'https://docs.google.com/spreadsheets/d/abc/edit', when: '19 Mar 2026 08:10 (Europe/Paris)' };

describe('digestMail', () => {
  it('names every change of each part, in plain words, with the link and the thresholds', () => {
    const mail = digestMail(
      [
        {
          kind: 'table',
          id: 't',
          title: 'Ranking ai:all (sheet “AI”)',
          moves: { moved: [{ name: 'Acme', from: 1, to: 4 }], entered: [{ name: 'Nova', rank: 2 }], dropped: [] },
        },
        {
          kind: 'list',
          id: 'l',
          title: 'Tracking “Drinks” (sheet “Tracking: Drinks”)',
          changes: [
            { item: 'cold brew', from: 12100, to: 14800 },
            { item: 'kava', from: 0, to: 30 },
          ],
        },
      ],
      { ...ALERTS_OFF, rankPlaces: 3, changePercent: 10 },
      about,
    );
    expect(mail.subject).toBe('Search Demand: 4 changes in “Market watch”');
    expect(mail.body.split('\n')).toEqual([
      'What moved in “Market watch”, found by its scheduled refresh of 19 Mar 2026 08:10 (Europe/Paris):',
      '',
      'Ranking ai:all (sheet “AI”)',
      '  • Acme: down 3 places, 1 → 4',
      '  • Nova: new, at 2',
      '',
      'Tracking “Drinks” (sheet “Tracking: Drinks”)',
      '  • cold brew: 12,100 → 14,800 (+22.3%)',
      '  • kava: 0 → 30 (from 0)',
      '',
      'Open the spreadsheet: https://docs.google.com/spreadsheets/d/abc/edit',
      '',
      'You get this mail for ranking moves of 3 places or more and tracked changes of 10% or more, one a day at most. Change or turn off alerts in Extensions › Search Demand › Settings, Alerts.',
    ]);
  });

  it('lists 25 changes of a part and counts the rest', () => {
    const dropped = Array.from({ length: 30 }, (_, i) => ({ name: `B${i}`, was: i + 1 }));
    const mail = digestMail(
      [{ kind: 'table', id: 't', title: 'T', moves: { moved: [], entered: [], dropped } }],
      { ...ALERTS_OFF, rankPlaces: 1 },
      about,
    );
    expect(mail.body).toContain('  • B24: dropped out (was 25)\n  • … and 5 more: see the sheet');
    expect(mail.body).not.toContain('B25:');
  });
});

describe('failureMail', () => {
  it('says why runs stopped and what follows; then that they work again, since when', () => {
    const stop = failureMail('stopped', 'The API key was refused (invalid or revoked).', '', about);
    expect(stop.subject).toBe('Search Demand: scheduled refreshes of “Market watch” stopped');
    expect(stop.body).toContain('at 19 Mar 2026 08:10 (Europe/Paris) could not run: The API key was refused (invalid or revoked).');
    expect(stop.body).toContain('you get one more mail when it works again, and none in between');
    const back = failureMail('working', '', '18 Mar 2026 20:00 (Europe/Paris)', about);
    expect(back.subject).toBe('Search Demand: scheduled refreshes of “Market watch” work again');
    expect(back.body).toContain('(it had stopped since 18 Mar 2026 20:00 (Europe/Paris))');
  });
});

describe('numberText', () => {
  it('writes thousands and at most two decimals', () => {
    expect([numberText(1234567), numberText(12.345), numberText(-1500), numberText(0)]).toEqual(['1,234,567', '12.35', '−1,500', '0']);
  });
});

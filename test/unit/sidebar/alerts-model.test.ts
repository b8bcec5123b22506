/**
 * The alerts section's text and checks (src/sidebar/alerts-model.ts): the form read into settings (or
 * what is wrong, by the server's own rules), the closed line, who gets the mails, the last mail.
 */
import { describe, expect, it } from 'vitest';
import type { AlertsView } from '../../../src/shared/sidebar-api';
import { alertsSummary, lastMailText, previewWords, recipientsText, settingsFromForm } from '../../../src/sidebar/alerts-model';

const form = {
  rankOn: true,
  rank: '3',
  changeOn: false,
  change: '10',
  failures: true,
  recipients: 'ann@example.org; bo@x.io ann@example.org',
};
const view = (extra: Partial<AlertsView> = {}): AlertsView => ({
  settings: { rankPlaces: 3, changePercent: null, failures: true, recipients: [] },
  senders: [{ email: 'me@example.com', you: true }],
  nothingScheduled: false,
  blocked: null,
  lastMail: null,
  digestSentAt: null,
  waiting: 0,
  stopped: null,
  preview: null,
  ...extra,
});

describe('settingsFromForm', () => {
  it('reads the ticked kinds and the addresses, each once', () => {
    expect(settingsFromForm(form)).toEqual({
      settings: { rankPlaces: 3, changePercent: null, failures: true, recipients: ['ann@example.org', 'bo@x.io'] },
    });
  });

  it('says what is wrong before anything is sent', () => {
    expect(settingsFromForm({ ...form, rank: '2.5' })).toEqual({
      error: 'A ranking move is a whole number of places from 1 to 1000, or off.',
    });
    expect(settingsFromForm({ ...form, changeOn: true, change: '' })).toEqual({
      error: 'A change is a percent from 0.1 to 10,000, or off.',
    });
    expect(settingsFromForm({ ...form, recipients: 'ann@' })).toEqual({
      error: '“ann@” is not an email address: type one such as name@example.com.',
    });
  });
});

describe('the section in words', () => {
  it('sums it up beside the heading, warning when mail cannot go or runs stopped', () => {
    expect(alertsSummary(view())).toEqual({ text: 'On: moves of 3+, failures', warn: false });
    expect(alertsSummary(view({ settings: { rankPlaces: null, changePercent: null, failures: false, recipients: [] } }))).toEqual({
      text: 'Off',
      warn: false,
    });
    expect(alertsSummary(view({ blocked: 'Mail cannot be sent: …' }))).toEqual({ text: 'Mail cannot be sent now', warn: true });
    expect(alertsSummary(view({ stopped: { since: '2026-03-19T07:00:00Z', message: 'The API key was refused.' } }))).toEqual({
      text: 'Scheduled runs stopped',
      warn: true,
    });
  });

  it('says who gets the mails, and that nothing comes without a schedule', () => {
    expect(
      recipientsText(view({ settings: { rankPlaces: 1, changePercent: null, failures: false, recipients: ['ann@example.org'] } })),
    ).toBe('Sent from the account that runs the schedule, to you, and to ann@example.org.');
    expect(recipientsText(view({ senders: [{ email: 'bo@x.io', you: false }] }))).toBe(
      'Sent from the account that runs the schedule, to bo@x.io.',
    );
    expect(recipientsText(view({ senders: [], nothingScheduled: true }))).toMatch(/^Nothing here runs on a schedule yet/);
  });

  it('tells the last mail, today’s digest and what waits', () => {
    const now = new Date(2026, 2, 19, 12, 0);
    const at = new Date(2026, 2, 19, 8, 10).toISOString();
    expect(lastMailText(view(), now)).toBe('No mail sent yet.');
    expect(
      lastMailText(
        view({ lastMail: { at, kind: 'digest', subject: 'Search Demand: 2 changes in “X”', to: [] }, digestSentAt: at, waiting: 1 }),
        now,
      ),
    ).toBe(
      "Last mail 08:10: “Search Demand: 2 changes in “X””. Today's digest went at 08:10; the next waits for tomorrow. 1 part waits for the next digest.",
    );
  });

  it("titles the preview as today's digest, or tomorrow's once today's went", () => {
    expect(previewWords(view()).title).toBe("Today's digest would say");
    const went = previewWords(view({ digestSentAt: new Date(2026, 2, 19, 8, 10).toISOString() }));
    expect(went).toEqual({
      title: "Tomorrow's digest would say",
      empty: "Nothing found since today's digest crosses these thresholds: no mail would be sent.",
    });
  });
});

/**
 * The failure alerts' one decision (src/server/alerts/failure-step.ts): a run's outcome read from what it
 * recorded, and the step from what was remembered to this run: one mail when runs start stopping, none
 * while they keep stopping, one when they work again (only after a mail that they stopped went out).
 */
import { describe, expect, it } from 'vitest';
import {
  failureStep,
  outcomeOf,
  stateOfStop,
  stopCauseOf,
  type FailureMemory,
  type RunState,
} from '../../../../src/server/alerts/failure-step';
import { errors, LEADS } from '../../../../src/server/errors/errors';

const refused = `${LEADS.auth} (invalid or revoked): check it in the sidebar.`;
const down = `${LEADS.unavailable}; retried 2 times.`;
const stopped = (message = refused): RunState => ({ stopped: stopCauseOf(message), message });
const works: RunState = { stopped: null, message: '' };

describe('outcomeOf', () => {
  it('reads a stop from the add-on’s own messages, at their start or after a list’s "wait for the next run: "', () => {
    expect(stopCauseOf(errors.noKey().message)).toBe('no-key');
    expect(stopCauseOf(refused)).toBe('auth');
    expect(stopCauseOf(down)).toBe('unavailable');
    expect(
      stopCauseOf(`0 keywords recorded for the day of 2026-03-19; 3 keywords wait for the next run: ${LEADS.dailyLimit} (fresh searches)`),
    ).toBe('limit');
    expect(stopCauseOf('Its sheet "Fintech" was deleted, so the table is not recreated.')).toBeNull();
  });

  it('is stopped only when nothing worked and every failure is a stop; null when nothing ran', () => {
    expect(outcomeOf([])).toBeNull();
    expect(
      outcomeOf([
        { ok: false, message: refused },
        { ok: false, message: down },
      ]),
    ).toEqual({ stopped: 'auth', message: refused });
    expect(
      outcomeOf([
        { ok: false, message: refused },
        { ok: true, message: 'refreshed' },
      ]),
    ).toEqual(works);
    // One table's own problem is not runs stopping.
    expect(
      outcomeOf([
        { ok: false, message: refused },
        { ok: false, message: 'Its first cell A1 no longer holds the stamp' },
      ]),
    ).toEqual(works);
  });
});

describe('failureStep', () => {
  const NOW = '2026-03-19T07:00:00.000Z';
  /** Six stopping runs, then one that works, each mail going out: which mails the steps ask for. */
  const mails = (outcomes: (RunState | null)[], sent = true) => {
    let memory: FailureMemory | null = null;
    return outcomes.map((outcome, i) => {
      const step = failureStep(memory, outcome, `2026-03-19T0${i}:00:00.000Z`);
      memory = step.memory && step.mail === 'stopped' ? { ...step.memory, mailed: sent } : step.memory;
      return step.mail;
    });
  };

  it('six failing runs ask for one mail, and the run that works for one more', () => {
    expect(mails([...Array<RunState>(6).fill(stopped()), works])).toEqual(['stopped', null, null, null, null, null, 'working']);
  });

  it('remembers since when, keeps it across a changed cause, and a run where nothing ran changes nothing', () => {
    const first = failureStep(null, stopped(), NOW);
    expect(first).toEqual({ memory: { stopped: 'auth', since: NOW, message: refused, mailed: false }, mail: 'stopped' });
    const sent = { ...first.memory!, mailed: true };
    expect(failureStep(sent, stopped(down), '2026-03-19T09:00:00.000Z')).toEqual({
      memory: { stopped: 'unavailable', since: NOW, message: down, mailed: true },
      mail: null,
    });
    expect(failureStep(sent, null, '2026-03-19T09:00:00.000Z')).toEqual({ memory: sent, mail: null });
  });

  it('asks again while the first mail could not go, and says nothing of working again when it never went', () => {
    expect(mails([stopped(), stopped(), works], false)).toEqual(['stopped', 'stopped', null]);
    expect(mails([works, works])).toEqual([null, null]);
  });
});

describe('stateOfStop', () => {
  it('reads what stopped the run as the failure alerts name it, in the words the sidebar uses', () => {
    expect(stateOfStop({ kind: 'key-refused' })).toEqual({ stopped: 'auth', message: errors.auth().message });
    expect(stateOfStop({ kind: 'service-down' })?.stopped).toBe('unavailable');
    expect(stateOfStop({ kind: 'allowance-spent', until: null })?.stopped).toBe('limit');
    expect(stateOfStop({ kind: 'permission', missing: ['service'] })?.message).toMatch(/^Permission missing/);
  });

  it('leaves an unexpected stop to what the run recorded (it was logged, not mailed as a stop)', () => {
    expect(stateOfStop({ kind: 'unexpected' })).toBeNull();
  });
});

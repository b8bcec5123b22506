/** The refresh schedule form of the ranking tables section, with who set the schedule. */
import type { Schedule, TablesView } from '../../../shared/sidebar-api';
import { byId, h as el, replaceChildren, show } from '../../dom';
import { call } from '../../server';
import { busyCall, statusLine } from '../../status';
import { describeSchedule, hourText, scheduledByText, scheduleFromForm, scheduleHelp, WEEKDAYS } from '../../tables-model';
import { scheduleCostText } from '../../cost-model';
import type { TablesPage } from './page';

/** The schedule's part of the section. */
export interface ScheduleForm {
  /**
   * Shows who set the schedule, and the schedule itself when asked.
   * @param next what the server sent
   * @param withSchedule put its schedule into the form (else the form keeps what the user chose)
   */
  show(next: TablesView, withSchedule: boolean): void;
}

/**
 * Binds the schedule form.
 * @param page the section (showing what saving returns)
 */
export function mountScheduleForm(page: TablesPage): ScheduleForm {
  const form = byId('schedule-form', HTMLFormElement);
  const kind = byId('schedule-kind', HTMLSelectElement);
  const weekdayField = byId('schedule-weekday-field', HTMLDivElement);
  const weekday = byId('schedule-weekday', HTMLSelectElement);
  const hourField = byId('schedule-hour-field', HTMLDivElement);
  const hour = byId('schedule-hour', HTMLSelectElement);
  const scheduleBy = byId('schedule-by', HTMLParagraphElement);
  const help = byId('schedule-help', HTMLParagraphElement);
  const save = byId('schedule-save', HTMLButtonElement);
  const status = statusLine('schedule-status');
  const cost = byId('schedule-cost', HTMLParagraphElement);

  // The 24 hours and 7 days are made here rather than written out in the page: it is smaller.
  replaceChildren(hour, ...Array.from({ length: 24 }, (_, h) => el('option', { value: h }, hourText(h))));
  replaceChildren(weekday, ...WEEKDAYS.map((day, i) => el('option', { value: i + 1 }, day)));
  hour.value = '6';

  const syncFields = (): void => {
    show(hourField, kind.value === 'daily' || kind.value === 'weekly');
    show(weekdayField, kind.value === 'weekly');
    // What the chosen schedule sends, before it is saved: one read per group of the tables, per run.
    const groups = new Set(page.view()?.tables.map((t) => t.group)).size;
    cost.textContent = scheduleCostText(scheduleFromForm(kind.value, hour.value, weekday.value).kind, groups);
    show(cost, cost.textContent !== '');
  };

  const apply = (schedule: Schedule): void => {
    kind.value = schedule.kind;
    if (schedule.kind === 'daily' || schedule.kind === 'weekly') hour.value = String(schedule.hour);
    if (schedule.kind === 'weekly') weekday.value = String(schedule.weekday);
    syncFields();
  };

  kind.addEventListener('change', () => {
    status.clear();
    syncFields();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (save.disabled) return;
    const schedule = scheduleFromForm(kind.value, hour.value, weekday.value);
    busyCall(
      status,
      save,
      ['Saving the schedule…', 'Saving…'],
      () => call('setRefreshSchedule', schedule),
      (next) => {
        page.render(next, true);
        const words = describeSchedule(next.schedule);
        status.set(
          'success',
          next.schedule.kind === 'off'
            ? 'Saved: no scheduled refreshes here.'
            : `Saved: tables refresh ${words.charAt(0).toLowerCase()}${words.slice(1)}.`,
        );
      },
    );
  });

  return {
    show(next, withSchedule) {
      if (withSchedule) apply(next.schedule);
      else syncFields();
      const by = scheduledByText(next.scheduledBy);
      scheduleBy.textContent = by;
      show(scheduleBy, by !== '');
      help.textContent = scheduleHelp(next.scheduledBy);
    },
  };
}

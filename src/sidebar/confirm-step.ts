/**
 * The sidebar's inline confirmation, wired once: a button opens its question ("…? Yes / No") with focus
 * on No; No closes it and gives focus back to the button; Yes goes on. Each section says only what Yes
 * does and what it says afterwards.
 */
import { show } from './dom';
import { busyCall, type StatusLine } from './status';

/** A question's elements: the button that asks it, the question with its Yes and No (hidden until asked). */
export interface ConfirmParts {
  button: HTMLButtonElement;
  ask: HTMLElement;
  yes: HTMLButtonElement;
  no: HTMLButtonElement;
}

/** A bound question: opened and closed by its section. */
export interface ConfirmStep {
  /** Shows the question (scrolled into view) with focus on No. */
  open(): void;
  /** Hides it. */
  close(): void;
}

/**
 * Binds Yes and No of a question; opening it is the caller's (confirmCall opens it on the button's click).
 * @param parts the button, the question, Yes and No
 * @param onYes what Yes does
 * @param onNo what No does besides closing and giving focus back to the button
 */
export function confirmStep(parts: ConfirmParts, onYes: () => void, onNo?: () => void): ConfirmStep {
  const step: ConfirmStep = {
    open() {
      show(parts.ask, true);
      parts.ask.scrollIntoView({ block: 'nearest' });
      parts.no.focus();
    },
    close: () => show(parts.ask, false),
  };
  parts.yes.addEventListener('click', onYes);
  parts.no.addEventListener('click', () => {
    step.close();
    onNo?.();
    parts.button.focus();
  });
  return step;
}

/** What Yes runs: a server call, with its words. */
export interface ConfirmedCall<T> {
  status: StatusLine;
  /** The status while it runs, then Yes's label meanwhile: ['Clearing cached answers…', 'Clearing…']. */
  busy: readonly [status: string, label: string];
  run: () => Promise<T>;
  /** After it succeeded and the question closed: the outcome and where focus goes. */
  done: (result: T) => void;
  /** On the button's click, before the question opens (clearing the status, say). */
  opening?: () => void;
  /** On Yes, before the call (placing the status line by the question, say). */
  starting?: () => void;
}

/**
 * A button that asks first, then runs a call with Yes busy: the call's error shows in the status line,
 * the question staying open; on success the question closes and `done` says what happened.
 * @param parts the button, the question, Yes and No
 * @param action the call and its words
 */
export function confirmCall<T>(parts: ConfirmParts, action: ConfirmedCall<T>): ConfirmStep {
  const step = confirmStep(parts, () => {
    action.starting?.();
    busyCall(action.status, parts.yes, action.busy, action.run, (result) => {
      step.close();
      action.done(result);
    });
  });
  parts.button.addEventListener('click', () => {
    action.opening?.();
    step.open();
  });
  return step;
}

/** Status lines (aria-live regions) and busy buttons: the loading and error states of every action. */
import { byId, replaceChildren } from './dom';

/** The kinds of message, each with its own look. */
export type StatusKind = 'info' | 'success' | 'error' | 'busy';

/** One section's status line. Its element has role=status and aria-live=polite in the template. */
export class StatusLine {
  private readonly element: HTMLElement;

  /** @param element the live region this line writes into */
  constructor(element: HTMLElement) {
    this.element = element;
  }

  /**
   * Shows a message as text.
   * @param kind how it looks (an error also gets role=alert, so it is announced at once)
   * @param message the text; from the server, inserted as text
   */
  set(kind: StatusKind, message: string): void {
    this.element.className = `status status-${kind}`;
    this.element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    replaceChildren(this.element, message);
  }

  /** Shows an error's message. @param error what the call rejected with */
  error(error: unknown): void {
    this.set('error', error instanceof Error ? error.message : String(error));
  }

  /**
   * Moves the line just after an element, so a message shows by the control that was used (one line
   * serves two buttons of a section). The element keeps its id and live region.
   * @param anchor what the line follows
   */
  placeAfter(anchor: Element): void {
    if (anchor.nextElementSibling !== this.element) anchor.after(this.element);
  }

  /** Empties the line. */
  clear(): void {
    this.element.className = 'status';
    this.element.setAttribute('role', 'status');
    replaceChildren(this.element);
  }
}

/**
 * The status line of one of the page's status paragraphs.
 * @param id the paragraph's id (it has role=status and aria-live=polite in the template)
 */
export function statusLine(id: string): StatusLine {
  return new StatusLine(byId(id, HTMLParagraphElement));
}

/**
 * Runs an action with its button disabled and relabelled ("Saving…"), restoring it afterwards, and
 * marks the section aria-busy meanwhile. A second click while it runs does nothing.
 * @param button the button that started the action
 * @param label shown while it runs
 * @param task the action
 */
export async function whileBusy<T>(button: HTMLButtonElement, label: string, task: () => Promise<T>): Promise<T> {
  const original = button.textContent ?? '';
  const section = button.closest('section');
  const hadFocus = document.activeElement === button;
  button.disabled = true;
  button.textContent = label;
  section?.setAttribute('aria-busy', 'true');
  try {
    return await task();
  } finally {
    button.disabled = false;
    button.textContent = original;
    section?.removeAttribute('aria-busy');
    // A disabled button drops focus; give it back unless the action moved focus elsewhere.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (hadFocus && focusLost && button.offsetParent !== null) button.focus();
  }
}

/**
 * A server call a button starts: the status line says what is under way, the button is busy meanwhile
 * (whileBusy), and a failure's message shows in the status line.
 * @param status the line that tells it
 * @param button the button that started it
 * @param busy the status while it runs, then the button's label: ['Saving the schedule…', 'Saving…']
 * @param task the call
 * @param done what follows its result
 */
export function busyCall<T>(
  status: StatusLine,
  button: HTMLButtonElement,
  busy: readonly [status: string, label: string],
  task: () => Promise<T>,
  done: (result: T) => void,
): void {
  status.set('busy', busy[0]);
  whileBusy(button, busy[1], task)
    .then(done)
    .catch((error: unknown) => status.error(error));
}

/**
 * A server call a checkbox makes when it changes: the box is disabled meanwhile and the status line says
 * what is under way; a failure puts the box back as it was and says why. Focus stays on the box.
 * @param box the checkbox
 * @param status the line that tells it
 * @param busy the status while it runs
 * @param task the call
 * @param done what follows its result
 */
export function boxCall<T>(
  box: HTMLInputElement,
  status: StatusLine,
  busy: string,
  task: () => Promise<T>,
  done: (result: T) => void,
): void {
  const checked = box.checked;
  box.disabled = true;
  status.set('busy', busy);
  task()
    .then(done)
    .catch((error: unknown) => {
      box.checked = !checked;
      status.error(error);
    })
    .finally(() => {
      box.disabled = false;
      box.focus();
    });
}

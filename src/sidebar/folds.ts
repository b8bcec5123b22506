/**
 * The sidebar's sections as an accordion (the WAI-ARIA accordion pattern): each section's heading holds
 * a button that shows or hides the section's body, with a one-line summary beside it (the button's
 * description), and one section is open at a time. Closed, the page is a short screen of headings
 * that say where things stand; open, a section fits the 300-pixel sidebar without a wall of text.
 * "Advanced" and "Help" stay <details> elements and take part: opening one closes the open section,
 * and the other way round.
 */
import { byId, show } from './dom';

/** The sections, by the prefix of their ids (`<name>-section`, `<name>-title`, `<name>-body`, `<name>-summary`). */
export type FoldName = 'key' | 'formulas' | 'usage' | 'templates' | 'tables' | 'track' | 'alerts' | 'cache';

const NAMES: readonly FoldName[] = ['key', 'formulas', 'usage', 'templates', 'tables', 'track', 'alerts', 'cache'];

/** How a summary looks: plain, or a warning (something needs the user). */
export type SummaryTone = 'plain' | 'warn';

/** Sets the line beside one section's heading (a section is given its own). */
export type Summarise = (text: string, tone?: SummaryTone) => void;

/** The accordion's controls. */
export interface Folds {
  /**
   * Opens a section and closes the others (and Advanced and Help).
   * @param name the section
   * @param how also move focus to its heading button, and scroll it to the top
   */
  open(name: FoldName, how?: { focus?: boolean; scroll?: boolean }): void;
  /** Whether a section is open. */
  isOpen(name: FoldName): boolean;
  /** Whether anything is open: a section, Advanced or Help. */
  anyOpen(): boolean;
  /**
   * Sets the line beside a section's heading.
   * @param name the section
   * @param text what it says ("" for nothing)
   * @param tone a warning shows in the warning colour
   */
  summarise(name: FoldName, text: string, tone?: SummaryTone): void;
  /**
   * Called each time the user opens this section, so it reads its figures again (they may have changed
   * since they were read: formulas typed, another editor's table).
   */
  onOpen(name: FoldName, listener: () => void): void;
}

/** Binds every section's heading button, and Advanced and Help. */
export function mountFolds(): Folds {
  const listeners = new Map<FoldName, (() => void)[]>();
  const details = [byId('advanced', HTMLDetailsElement), byId('help', HTMLDetailsElement)];
  const parts = NAMES.map((name) => ({
    name,
    button: byId(`${name}-title`, HTMLButtonElement),
    body: byId(`${name}-body`, HTMLDivElement),
    summary: byId(`${name}-summary`, HTMLParagraphElement),
  }));
  const part = (name: FoldName) => parts.find((p) => p.name === name)!;

  const setOpen = (name: FoldName, open: boolean): void => {
    const { button, body } = part(name);
    button.setAttribute('aria-expanded', String(open));
    show(body, open);
    body.parentElement?.classList.toggle('fold-open', open); // open, its summary would repeat the body
  };
  const closeAll = (except: FoldName | null): void => {
    for (const p of parts) if (p.name !== except) setOpen(p.name, false);
  };

  const open = (name: FoldName, how: { focus?: boolean; scroll?: boolean } = {}): void => {
    closeAll(name);
    for (const d of details) d.open = false;
    setOpen(name, true);
    const { button } = part(name);
    // The sections above may just have closed: keep the opened heading where the eye is.
    if (how.scroll) button.closest('section')?.scrollIntoView({ block: 'start' });
    else button.scrollIntoView({ block: 'nearest' });
    if (how.focus) button.focus({ preventScroll: true });
  };

  for (const p of parts) {
    p.button.addEventListener('click', () => {
      if (p.button.getAttribute('aria-expanded') === 'true') return setOpen(p.name, false);
      open(p.name);
      for (const listener of listeners.get(p.name) ?? []) listener();
    });
  }
  for (const d of details) {
    d.addEventListener('toggle', () => {
      if (!d.open) return;
      closeAll(null);
      for (const other of details) if (other !== d) other.open = false;
    });
  }

  return {
    open,
    isOpen: (name) => part(name).button.getAttribute('aria-expanded') === 'true',
    anyOpen: () => parts.some((p) => p.button.getAttribute('aria-expanded') === 'true') || details.some((d) => d.open),
    summarise(name, text, tone = 'plain') {
      const { summary } = part(name);
      summary.textContent = text;
      summary.classList.toggle('fold-warn', tone === 'warn');
    },
    onOpen(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
  };
}

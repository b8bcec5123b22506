// @ts-check
/**
 * The cell editor's autocomplete of the add-on's functions, as Sheets offers it from their JSDoc: while
 * a function name is being typed in a formula, a list of the functions it starts, each with its
 * parameters and description (served by the playground from the built Code.js). Arrow keys move in
 * the list, Tab or Enter completes the name with its opening parenthesis, Escape closes the list.
 */

/** @typedef {import('../state.js').FunctionDoc} FunctionDoc */

/**
 * A function's signature as Sheets writes it: `SEARCH_TREND(keyword, [field], [options])`.
 * @param {FunctionDoc} fn
 */
export function signature(fn) {
  return `${fn.name}(${fn.params.map((p) => (p.optional ? `[${p.name}]` : p.name)).join(', ')})`;
}

/**
 * The name being typed just before the caret of a formula, or null when none is.
 * @param {string} text the editor's text
 * @param {number} caret the caret's position
 * @returns {{ start: number, word: string } | null}
 */
export function wordAt(text, caret) {
  if (!text.startsWith('=')) return null;
  const before = text.slice(0, caret);
  // Inside a string nothing is a function name: an odd number of quotes before the caret.
  if ((before.match(/"/g) ?? []).length % 2 === 1) return null;
  const m = /(?:^=|[=(,;+\-*/&^<>:\s])([A-Za-z_][A-Za-z0-9_.]*)$/.exec(before);
  return m?.[1] ? { start: caret - m[1].length, word: m[1] } : null;
}

/**
 * @param {{ editor: HTMLInputElement, list: HTMLElement, onComplete: () => void }} parts the in-cell editor,
 *   the list's element (a listbox), and what to do once a name was completed (the editor widens)
 */
export function createAutocomplete({ editor, list, onComplete }) {
  /** @type {FunctionDoc[]} */
  let functions = [];
  /** @type {FunctionDoc[]} */
  let shown = [];
  let active = 0;
  let start = 0;

  function close() {
    shown = [];
    list.hidden = true;
    editor.setAttribute('aria-expanded', 'false');
    editor.removeAttribute('aria-activedescendant');
  }

  function draw() {
    list.replaceChildren(
      ...shown.map((fn, i) => {
        const item = document.createElement('li');
        item.id = `autocomplete-${i}`;
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', String(i === active));
        const name = document.createElement('span');
        name.className = 'autocomplete-signature';
        name.textContent = signature(fn);
        const about = document.createElement('span');
        about.className = 'autocomplete-description';
        about.textContent = fn.description;
        item.append(name, about);
        // A click completes, as in Sheets; mousedown keeps the editor's focus.
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          active = i;
          complete();
        });
        return item;
      }),
    );
    editor.setAttribute('aria-activedescendant', `autocomplete-${active}`);
    editor.setAttribute('aria-expanded', 'true');
    list.style.left = `${editor.offsetLeft}px`;
    list.style.top = `${editor.offsetTop + editor.offsetHeight}px`;
    list.hidden = false;
  }

  function complete() {
    const fn = shown[active];
    if (!fn) return;
    const caret = editor.selectionStart ?? editor.value.length;
    const after = editor.value.slice(caret);
    const opening = after.startsWith('(') ? '' : '(';
    editor.value = `${editor.value.slice(0, start)}${fn.name}${opening}${after}`;
    const at = start + fn.name.length + 1;
    editor.setSelectionRange(at, at);
    close();
    onComplete();
  }

  return {
    /** @param {FunctionDoc[]} docs the add-on's functions */
    setFunctions(docs) {
      functions = docs;
    },
    /** After each change of the editor's text: the functions the typed name starts, or none. */
    update() {
      const found = wordAt(editor.value, editor.selectionStart ?? editor.value.length);
      const word = found?.word.toUpperCase() ?? '';
      shown = word ? functions.filter((fn) => fn.name.startsWith(word)) : [];
      if (!found || !shown.length) return close();
      start = found.start;
      active = 0;
      draw();
    },
    /**
     * A key pressed in the editor: true when the list used it (the editor must not).
     * @param {KeyboardEvent} event
     */
    handleKey(event) {
      if (list.hidden || !shown.length) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        active = (active + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length;
        draw();
      } else if (event.key === 'Tab' || event.key === 'Enter') {
        complete();
      } else if (event.key === 'Escape') {
        close();
      } else {
        return false;
      }
      event.preventDefault();
      return true;
    },
    close,
  };
}

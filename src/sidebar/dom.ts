/**
 * The only way the sidebar makes DOM: elements from a tag, attributes and children, where a string
 * child is always a text node. No HTML parsing anywhere, so a server value can never become markup.
 */

/** What an element may hold: nodes, text, or nothing (skipped). */
export type Child = Node | string | number | null | undefined | false;

/** Attributes: a string or number is set, `true` sets an empty attribute, false/null/undefined skips it. */
export type Attributes = Record<string, string | number | boolean | null | undefined>;

/**
 * Makes an element.
 * @param tag the tag name
 * @param attributes set with setAttribute (never as properties that parse HTML)
 * @param children appended in order; strings become text nodes
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/**
 * Replaces an element's children.
 * @param parent the element to fill
 * @param children the new content; strings become text nodes
 */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/**
 * The element with this id, typed; throws if the template lacks it (a build mistake, caught by tests).
 * @param id the element's id
 * @param type the expected class, e.g. HTMLButtonElement
 */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`Sidebar.html has no ${type.name} #${id}`);
  return element;
}

/**
 * Shows or hides an element (the `hidden` attribute, so it also leaves the accessibility tree).
 * @param element what to show or hide
 * @param visible whether it is shown
 */
export function show(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}

/**
 * A checkbox and its label in a row (the insert form's columns, a tracking list's fields).
 * @param box the checkbox; it is given the id
 * @param id the box's id, which the label names
 * @param label what the label says
 */
export function checkboxRow(box: HTMLInputElement, id: string, label: string | undefined): HTMLElement {
  box.id = id;
  return h('div', { class: 'checkbox-row' }, box, h('label', { for: id }, label));
}

function append(parent: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

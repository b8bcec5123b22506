// @ts-check
/**
 * The Outbox: the mail the add-on's alerts sent (dev/gas's outbox, from the server's state), newest
 * first, each as its recipients read it: subject, recipients, time and the plain-text body.
 */

/** @typedef {import('../state.js').MailView} MailView */

/**
 * Binds the Outbox button and panel.
 * @param {{ button: HTMLButtonElement, panel: HTMLElement, list: HTMLElement, empty: HTMLElement, close: HTMLButtonElement }} parts
 * @returns {{ render(mails: MailView[]): void }}
 */
export function mountOutbox({ button, panel, list, empty, close }) {
  const setOpen = (/** @type {boolean} */ open) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => setOpen(panel.hidden));
  close.addEventListener('click', () => setOpen(false));
  let shown = '';
  return {
    render(mails) {
      button.textContent = `Outbox (${mails.length})`;
      const key = mails.map((m) => `${m.at}|${m.subject}`).join('\n');
      if (key === shown) return;
      shown = key;
      empty.hidden = mails.length > 0;
      list.replaceChildren(...mails.map(mailItem));
    },
  };
}

/** @param {MailView} mail */
function mailItem(mail) {
  const item = document.createElement('li');
  const subject = document.createElement('strong');
  subject.textContent = mail.subject;
  const meta = document.createElement('div');
  meta.className = 'outbox-meta';
  const bcc = mail.bcc.length ? ` · Bcc: ${mail.bcc.join(', ')}` : '';
  meta.textContent = `To: ${mail.to.join(', ')}${bcc} · ${mail.at.slice(0, 16).replace('T', ' ')} UTC`;
  const body = document.createElement('pre');
  body.textContent = mail.body;
  item.append(subject, meta, body);
  return item;
}

/**
 * What the "Formulas in this spreadsheet" section shows, computed from the server's SettingsView (pure,
 * so it is unit-tested). Formulas never run with the viewer's key: they use the key shared with the
 * document, else the owner's (DESIGN.md, "Whose key a formula uses"). The server words whose allowance
 * pays and what to do; this adds the short labels and decides which controls apply.
 */
import type { SettingsView } from '../shared/sidebar-api';

/** The formulas section's content and controls. */
export interface FormulasModel {
  /** Which key the formulas use, in a few words: "Shared with this document by bob@example.com". */
  source: string;
  /** The mask of that key when the viewer may know it ("••••3f9c"), else "". */
  mask: string;
  /** Who owns the spreadsheet, relative to the viewer: "You own this spreadsheet." */
  owner: string;
  /** The server's sentence: whose allowance pays. */
  paidBy: string;
  /** The server's sentence: what the viewer can do ("" when nothing is needed). */
  advice: string;
  /** The owner's "Let formulas here use my key" box: null when the viewer is not the owner. */
  ownerKey: { checked: boolean } | null;
  /** "Stop using the shared key": for the owner and for whoever shared it; null otherwise. */
  stop: { question: string } | null;
}

/**
 * The formulas section for this viewer.
 * @param view what getSettings (or any settings call) returned
 */
export function formulasModel(view: SettingsView): FormulasModel {
  const { formulas, owner, you } = view;
  const isOwner = you.role === 'owner';
  const sharer = formulas.sharedByYou ? 'you' : formulas.sharedBy || 'someone Google did not name';
  return {
    source: sourceText(view, sharer),
    mask: formulas.maskedKey ?? '',
    owner: isOwner
      ? 'You own this spreadsheet.'
      : owner.kind === 'shared-drive'
        ? 'In a shared drive: no owner.'
        : owner.kind === 'user'
          ? `Owner: ${owner.email}.${you.role === 'editor' ? ' You are an editor.' : ''}`
          : 'Owner: unknown.',
    paidBy: formulas.paidBy,
    advice: formulas.advice,
    ownerKey: isOwner ? { checked: formulas.ownerKeyOff !== true } : null,
    stop:
      formulas.source === 'document' && (isOwner || formulas.sharedByYou)
        ? { question: `Stop formulas here using the key ${sharer} shared? ${afterStop(view)}` }
        : null,
  };
}

function sourceText(view: SettingsView, sharer: string): string {
  const { formulas, owner } = view;
  switch (formulas.source) {
    case 'document':
      return formulas.sharedByYou ? 'Your key, shared with this document' : `Shared with this document by ${sharer}`;
    case 'owner':
      return 'Your key, as the owner';
    case 'owner-unseen':
      return owner.kind === 'user' ? `The owner's key (${owner.email}), if saved` : "The owner's key, if saved";
    default:
      return 'No key';
  }
}

/** What formulas use once the document key is gone, as far as this viewer can know. */
function afterStop(view: SettingsView): string {
  const { you, owner, hasKey, formulas } = view;
  if (owner.kind === 'shared-drive') return 'Cells then say "No API key" until someone shares a key again.';
  if (you.role === 'owner') {
    return hasKey && formulas.ownerKeyOff !== true
      ? 'They then use your key.'
      : 'Cells then say "No API key" until a key is shared again.';
  }
  return "They then use the owner's key, if the owner saved one. Your own key stays saved.";
}

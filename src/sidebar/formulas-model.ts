/**
 * What the "Formulas in this spreadsheet" section shows, computed from the server's SettingsView (pure,
 * so it is unit-tested). Formulas never run with the viewer's key: they use the key shared with the
 * document, else the owner's (docs/develop/hardening.md, "Security model"). The server gives the facts; this
 * words them (whose allowance pays, what to do) and decides which controls apply. The words live here,
 * not in the server's bundle, which every cell evaluation loads.
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
  /** Whose allowance pays, in one sentence. */
  paidBy: string;
  /** What the viewer can do ("" when nothing is needed). */
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
    ...whoPays(view, sharer),
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
    return hasKey && formulas.ownerKeyOff !== true ? 'They then use your key.' : 'Cells then say "No API key" until a key is shared again.';
  }
  return "They then use the owner's key, if the owner saved one. Your own key stays saved.";
}

/** Whose allowance the formulas spend, and what the viewer can do about it. */
function whoPays(view: SettingsView, sharer: string): { paidBy: string; advice: string } {
  const { formulas, owner, you, hasKey } = view;
  switch (formulas.source) {
    case 'document':
      return formulas.sharedByYou
        ? {
            paidBy: "Formulas here use the key you shared with this document: your allowance pays for everyone's formulas in it.",
            advice: '',
          }
        : {
            paidBy: `Formulas here use the key ${sharer === 'someone Google did not name' ? 'an editor' : sharer} shared with this document: that account's allowance pays.`,
            advice: 'Your own key is not used by formulas here.',
          };
    case 'owner':
      return {
        paidBy: "Formulas here use your key, whoever edits them: your allowance pays for every editor's formulas in this spreadsheet.",
        advice:
          'Google lets no formula tell you from an editor: to stop paying for them, turn your key off for formulas here (yours stop too) or let an editor share their key with the document.',
      };
    case 'owner-unseen':
      return {
        paidBy: `Formulas here use the key of ${owner.kind === 'user' ? owner.email : "the spreadsheet's owner"}, if they saved one (you cannot see whether they did); their allowance pays.`,
        advice:
          you.role === 'unknown'
            ? 'Google did not say who owns this spreadsheet. If cells say "No API key", share your key with this document.'
            : 'Your own key is used by formulas here only if you share it with this document. If cells say "No API key", share it.',
      };
    default:
      if (owner.kind === 'shared-drive') {
        return {
          paidBy:
            'This spreadsheet is in a shared drive, so it has no owner whose key formulas could use: they work only with a key shared with the document.',
          advice: hasKey
            ? 'Tick "Share with this document" to let formulas here use your key.'
            : 'Save your key and share it with this document.',
        };
      }
      return formulas.ownerKeyOff
        ? {
            paidBy: 'You turned your key off for formulas in this spreadsheet: they work only with a key shared with the document.',
            advice: '',
          }
        : {
            paidBy: 'No key reaches formulas here: save your key (formulas in spreadsheets you own use it).',
            advice: 'Save your API key above.',
          };
  }
}

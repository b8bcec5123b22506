/**
 * Who pays for a spreadsheet's formulas, as the server works it out and the sidebar's settings show it:
 * the viewer's role, the spreadsheet's owner, and which key the formulas spend (src/server/settings/formula-key.ts).
 * Google runs a custom function with the spreadsheet owner's user properties, whoever edits the cell.
 */

/** The person who opened the sidebar, relative to this spreadsheet. */
export type Role =
  /** They own the spreadsheet: formulas here run with their user properties, so their key pays. */
  | 'owner'
  /** Someone else owns it (or nobody, in a shared drive). */
  | 'editor'
  /** Google did not tell the add-on who is who (an email was not available). */
  | 'unknown';

/** The spreadsheet's owner, as Google reports it. */
export type OwnerView =
  | { kind: 'user'; email: string }
  /** A file in a shared drive has no owner: no user properties reach its formulas. */
  | { kind: 'shared-drive' }
  | { kind: 'unknown' };

/** Which key this spreadsheet's formulas spend, as far as the person looking can know. */
export interface FormulaKeyView {
  source:
    /** A key shared with the document: it wins over the owner's. */
    | 'document'
    /** The owner's own key (shown only to the owner, who can see it). */
    | 'owner'
    /** Someone else owns the spreadsheet: their key is used if they saved one, which the viewer cannot see. */
    | 'owner-unseen'
    /** No key can reach the formulas: they show "No API key". */
    | 'none';
  /** The mask of the key in use when the viewer may know it ("••••3f9c"), else null. */
  maskedKey: string | null;
  /** Who shared the document key: an email, "" when Google did not say; null without a document key. */
  sharedBy: string | null;
  /** Whether the viewer shared the document key themselves. */
  sharedByYou: boolean;
  /** Owner only: whether they turned their key off for formulas in this spreadsheet (null for others). */
  ownerKeyOff: boolean | null;
}

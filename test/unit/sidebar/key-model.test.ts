/**
 * What the "Your API key" section says (src/sidebar/key-model.ts) after saving and sharing, for the
 * owner and for an editor, and for each installation: where the add-on lives, which service a key is for.
 */
import { describe, expect, it } from 'vitest';
import {
  editorsWarning,
  formulasUseYourKey,
  keyInputHelp,
  keySavedMessage,
  keySource,
  keySummary,
  rerunOffer,
  shareReplaces,
  sharingMessage,
  whereNote,
} from '../../../src/sidebar/key-model';
import { settingsView } from './settings-fixture';

const editor = { you: { email: 'bob@example.com', role: 'editor' as const } };
const unseen = { source: 'owner-unseen' as const, maskedKey: null, ownerKeyOff: null };

describe('keySavedMessage', () => {
  it('says formulas here use the key only when they do', () => {
    expect(keySavedMessage(settingsView())).toBe('Key saved: ••••abcd. Formulas here use it.');
    const shared = settingsView(
      { ...editor, sharedWithDocument: true },
      { source: 'document', sharedBy: 'bob@example.com', sharedByYou: true },
    );
    expect(keySavedMessage(shared)).toBe('Key saved: ••••abcd. Formulas here use it.');
    expect(keySavedMessage(settingsView(editor, unseen))).toBe(
      'Key saved: ••••abcd. Formulas here do not use it: see "Formulas in this spreadsheet".',
    );
    expect(keySavedMessage(settingsView({}, { source: 'none', ownerKeyOff: true }))).toMatch(/do not use it/);
  });

  it('never tells an editor their key pays for formulas a collaborator shared', () => {
    const other = settingsView(editor, { source: 'document', sharedBy: 'carol@example.com', sharedByYou: false });
    expect(formulasUseYourKey(other)).toBe(false);
    expect(keySavedMessage(other)).toMatch(/do not use it/);
  });
});

describe('keySummary', () => {
  it('says the mask beside the closed heading, and whether the key is shared', () => {
    expect(keySummary(settingsView())).toEqual({ text: '••••abcd', warn: false });
    expect(keySummary(settingsView({ sharedWithDocument: true }))).toEqual({ text: '••••abcd · shared with this document', warn: false });
    expect(keySummary(settingsView({ maskedKey: null }))).toEqual({ text: '••••', warn: false });
  });

  it('warns while no key is saved', () => {
    expect(keySummary(settingsView({ hasKey: false, maskedKey: null }))).toEqual({ text: 'None saved yet', warn: true });
  });
});

describe('sharing', () => {
  it('says who pays once shared, and that it stopped', () => {
    expect(sharingMessage(settingsView({ sharedWithDocument: true }))).toBe(
      'Shared: formulas here now spend your allowance, whoever evaluates them.',
    );
    expect(sharingMessage(settingsView())).toBe('Your key is no longer shared with this document.');
  });

  it('warns that sharing replaces the key someone else shared', () => {
    expect(shareReplaces(settingsView(editor, { source: 'document', sharedBy: 'carol@example.com' }))).toBe(
      'Sharing replaces the key carol@example.com shared with this document.',
    );
    expect(shareReplaces(settingsView(editor, { source: 'document', sharedBy: '' }))).toBe(
      'Sharing replaces the key someone shared with this document.',
    );
    expect(shareReplaces(settingsView(editor, { source: 'document', sharedBy: 'bob@example.com', sharedByYou: true }))).toBe('');
    expect(shareReplaces(settingsView(editor, unseen))).toBe('');
  });
});

describe('rerunOffer', () => {
  it('names the cells that show "No API key" or #ERROR!, and says why they need a refresh', () => {
    const why =
      ' Sheets re-runs a formula only when its arguments change, so cells that said "No API key" keep saying it until the formulas are refreshed.';
    expect(rerunOffer(1, 0)).toBe(`1 cell here says "No API key".${why}`);
    expect(rerunOffer(12, 0)).toBe(`12 cells here say "No API key".${why}`);
    expect(rerunOffer(0, 5)).toBe(`5 of the add-on's formula cells show #ERROR! (point at it to read why).${why}`);
    expect(rerunOffer(3, 1)).toMatch(/^3 cells here say "No API key", and 1 of the add-on's formula cells shows #ERROR! /);
  });
});

describe("the sidebar's words", () => {
  it('tell a Marketplace user to use the add-on once in each new spreadsheet, a self-installer where it lives', () => {
    expect(whereNote(settingsView())).toBe(
      'In each new spreadsheet, use the add-on once (Extensions › Search Demand › any item) before typing its formulas: until then Sheets does not know them there (#NAME?).',
    );
    expect(whereNote(settingsView({ selfInstall: true }))).toBe(
      'This copy of Search Demand lives in this spreadsheet only: to use it in another spreadsheet, install it there the same way.',
    );
  });

  it("name the service a self-installer's key is for", () => {
    expect(keySource(settingsView())).toBe('Your key');
    expect(keySource(settingsView({ sharedWithDocument: true }))).toBe('Your key, shared with this document');
    expect(keySource(settingsView({ selfInstall: true, baseUrl: 'https://api.example.com' }))).toBe(
      'Your key, for https://api.example.com',
    );
    expect(keySource(settingsView({ hasKey: false }))).toBe('');
  });

  it('warn a self-installer when others can edit the spreadsheet, and only then', () => {
    const warning = editorsWarning(settingsView({ selfInstall: true, otherEditors: 2 }));
    expect(warning).toMatch(/^2 other people can edit this spreadsheet, so change its script/);
    expect(warning).toContain("read your key, shared or not (the owner's whenever a formula runs)");
    expect(warning).toContain('use the Marketplace add-on');
    expect(editorsWarning(settingsView({ selfInstall: true, otherEditors: 1 }))).toMatch(/^1 other person can edit/);
    expect(editorsWarning(settingsView({ selfInstall: true, otherEditors: 0 }))).toBe('');
    expect(editorsWarning(settingsView({ selfInstall: true, otherEditors: null }))).toBe('');
    // The Marketplace add-on's code no editor can change: no warning, whoever edits.
    expect(editorsWarning(settingsView({ selfInstall: false, otherEditors: 3 }))).toBe('');
  });

  it('never tell a self-installer the key is for their account only', () => {
    expect(keyInputHelp(settingsView())).toBeNull(); // the page's own words, true of the Marketplace add-on
    const help = keyInputHelp(settingsView({ selfInstall: true }));
    expect(help).not.toMatch(/account only/);
    expect(help).toContain('which anyone who can edit this spreadsheet can change to read it');
  });
});

/** What "Formulas in this spreadsheet" shows each viewer: owner, editor, sharer, shared drive, unknown owner. */
import { describe, expect, it } from 'vitest';
import { match } from '../../matchers.js';
import { formulasModel } from '../../../src/sidebar/formulas-model';
import { settingsView } from './settings-fixture';

const editor = { you: { email: 'bob@example.com', role: 'editor' as const } };
const docKey = (sharedBy: string, sharedByYou = false) => ({ source: 'document' as const, maskedKey: '••••9f3c', sharedBy, sharedByYou });

describe('formulasModel for the owner', () => {
  it('with a key: formulas use it, the toggle is on, nothing to stop', () => {
    const model = formulasModel(settingsView({}));
    expect(model).toEqual({
      source: 'Your key, as the owner',
      mask: '••••abcd',
      owner: 'You own this spreadsheet.',
      paidBy: "Formulas here use your key, whoever edits them: your allowance pays for every editor's formulas in this spreadsheet.",
      advice: match.stringMatching(/^Google lets no formula tell you from an editor: to stop paying for them, turn your key off/),
      ownerKey: { checked: true },
      stop: null,
    });
  });

  it('with the key turned off for formulas here: no key, the toggle is off', () => {
    const model = formulasModel(settingsView({}, { source: 'none', maskedKey: null, ownerKeyOff: true }));
    expect(model).toMatchObject({ source: 'No key', mask: '', ownerKey: { checked: false }, stop: null });
  });

  it('can stop a key someone else shared, and is told what formulas use next', () => {
    const withKey = formulasModel(settingsView({}, docKey('carol@example.com')));
    expect(withKey.source).toBe('Shared with this document by carol@example.com');
    expect(withKey.mask).toBe('••••9f3c');
    expect(withKey.stop).toEqual({ question: 'Stop formulas here using the key carol@example.com shared? They then use your key.' });
    const noKey = formulasModel(settingsView({ hasKey: false, maskedKey: null }, docKey('carol@example.com')));
    expect(noKey.stop?.question).toBe(
      'Stop formulas here using the key carol@example.com shared? Cells then say "No API key" until a key is shared again.',
    );
    const off = formulasModel(settingsView({}, { ...docKey('carol@example.com'), ownerKeyOff: true }));
    expect(off.stop?.question).toMatch(/Cells then say "No API key"/);
  });
});

describe('formulasModel for an editor', () => {
  it("without a document key: the owner's key, if they saved one; no owner controls", () => {
    const model = formulasModel(settingsView(editor, { source: 'owner-unseen', maskedKey: null, ownerKeyOff: null }));
    expect(model).toMatchObject({
      source: "The owner's key (ann@example.com), if saved",
      mask: '',
      owner: 'Owner: ann@example.com. You are an editor.',
      ownerKey: null,
      stop: null,
    });
  });

  it('with a key someone else shared: who shared it, and no stop button', () => {
    const model = formulasModel(settingsView(editor, { ...docKey('carol@example.com'), ownerKeyOff: null }));
    expect(model).toMatchObject({ source: 'Shared with this document by carol@example.com', ownerKey: null, stop: null });
  });

  it('who shared the key: "your key", and a stop that falls back to the owner', () => {
    const model = formulasModel(
      settingsView({ ...editor, sharedWithDocument: true }, { ...docKey('bob@example.com', true), ownerKeyOff: null }),
    );
    expect(model.source).toBe('Your key, shared with this document');
    expect(model.stop).toEqual({
      question:
        "Stop formulas here using the key you shared? They then use the owner's key, if the owner saved one. Your own key stays saved.",
    });
  });
});

describe('formulasModel without a known owner', () => {
  it('in a shared drive: no owner, no key unless one is shared', () => {
    const drive = { you: { email: 'bob@example.com', role: 'editor' as const }, owner: { kind: 'shared-drive' as const } };
    const none = formulasModel(settingsView(drive, { source: 'none', maskedKey: null, ownerKeyOff: null }));
    expect(none).toMatchObject({ source: 'No key', owner: 'In a shared drive: no owner.', ownerKey: null, stop: null });
    const shared = formulasModel(
      settingsView({ ...drive, sharedWithDocument: true }, { ...docKey('bob@example.com', true), ownerKeyOff: null }),
    );
    expect(shared.stop?.question).toBe(
      'Stop formulas here using the key you shared? Cells then say "No API key" until someone shares a key again.',
    );
  });

  it('when Google did not say who owns it: names no one', () => {
    const unknown = { you: { email: '', role: 'unknown' as const }, owner: { kind: 'unknown' as const } };
    const model = formulasModel(settingsView(unknown, { source: 'owner-unseen', maskedKey: null, ownerKeyOff: null }));
    expect(model).toMatchObject({ source: "The owner's key, if saved", owner: 'Owner: unknown.', ownerKey: null, stop: null });
    expect(formulasModel(settingsView(unknown, { ...docKey(''), ownerKeyOff: null })).source).toBe(
      'Shared with this document by someone Google did not name',
    );
  });

  it('names the owner without calling the viewer an editor when their role is unknown', () => {
    const model = formulasModel(
      settingsView({ you: { email: '', role: 'unknown' } }, { source: 'owner-unseen', maskedKey: null, ownerKeyOff: null }),
    );
    expect(model.owner).toBe('Owner: ann@example.com.');
  });
});

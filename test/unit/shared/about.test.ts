/** The sidebar's words for which release runs, and for a page and a script from different releases. */
import { describe, expect, it } from 'vitest';
import { aboutLine, versionMismatch } from '../../../src/shared/about';

describe('aboutLine', () => {
  it('names the release, and tells a self-installer how to update', () => {
    expect(aboutLine('1.2.3', false)).toBe('Search Demand 1.2.3.');
    expect(aboutLine('1.2.3', true)).toMatch(/^Search Demand 1\.2\.3, installed in this spreadsheet by hand\. To update, paste/);
    // A pasted script never updates itself: the line says where new releases and what they bring appear.
    expect(aboutLine('1.2.3', true)).toMatch(
      /It never updates itself: new releases appear in the repository you took it from, its CHANGELOG\.md says what each brings\.$/,
    );
  });
});

describe('versionMismatch', () => {
  it('says nothing when the page and the script are one release', () => {
    expect(versionMismatch('1.2.3', '1.2.3', true)).toBeNull();
    expect(versionMismatch('1.2.3', '1.2.3', false)).toBeNull();
  });

  it('tells a self-installer which file is which release and to paste both files again', () => {
    expect(versionMismatch('1.2.3', '1.2.0', true)).toBe(
      'This sidebar (Sidebar.html) is Search Demand 1.2.3, but the script (Code.gs) is Search Demand 1.2.0: the two files come from different releases. Paste both files of one release again, Code.gs and Sidebar.html, in Extensions › Apps Script, then close this sidebar and open it again.',
    );
  });

  it('names a script that reports no version as an earlier release', () => {
    expect(versionMismatch('1.2.3', undefined, true)).toMatch(/the script \(Code\.gs\) is from an earlier release: /);
  });

  it('asks a Marketplace user only to open the sidebar again (Google serves both halves of an update)', () => {
    expect(versionMismatch('1.2.3', '1.3.0', false)).toBe(
      "This sidebar is Search Demand 1.2.3, but the add-on's script is Search Demand 1.3.0: close this sidebar and open it again from Extensions › Search Demand.",
    );
  });
});

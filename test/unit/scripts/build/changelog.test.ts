/**
 * CHANGELOG.md's entries as `npm run release` reads them: a release is refused, before anything is built
 * or written, unless the changelog has a non-empty entry for package.json's version.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changelogEntry, releaseRefusal } from '../../../../scripts/build/changelog';
import { buildRelease } from '../../../../scripts/build/release';

const CHANGELOG = `# Changelog

## [Unreleased]

- Something merged, not released.

## [1.2.0] - 2026-11-28

### Added

- Tracking.

## [1.1.0] - 2026-10-01

## [1.0.0] - 2026-09-01

- The first release.
`;

describe('changelogEntry', () => {
  it("is the text under the version's heading, up to the next one", () => {
    expect(changelogEntry(CHANGELOG, '1.2.0')).toBe('### Added\n\n- Tracking.');
    expect(changelogEntry(CHANGELOG, '1.0.0')).toBe('- The first release.');
    expect(changelogEntry(CHANGELOG, '1.1.0')).toBe('');
  });

  it('is null for a version with no heading of its own: Unreleased, a prefix or a look-alike does not count', () => {
    expect(changelogEntry(CHANGELOG, '1.3.0')).toBeNull();
    expect(changelogEntry(CHANGELOG, '1.2')).toBeNull();
    expect(changelogEntry(CHANGELOG.replace('## [1.2.0]', '## [1x2x0]'), '1.2.0')).toBeNull();
    expect(changelogEntry('- 1.2.0 is mentioned in a list\n', '1.2.0')).toBeNull();
  });
});

describe('a release of a version the changelog does not describe', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  /** A repository root holding only package.json (of this version) and, if given, CHANGELOG.md. */
  function rootWith(version: string, changelog?: string): string {
    const root = mkdtempSync(join(tmpdir(), 'sdm-changelog-'));
    roots.push(root);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ version }));
    if (changelog !== undefined) writeFileSync(join(root, 'CHANGELOG.md'), changelog);
    return root;
  }

  it('is refused, and says what to add', () => {
    expect(releaseRefusal(rootWith('1.3.0', CHANGELOG), '1.3.0')).toBe(
      'CHANGELOG.md has no entry for 1.3.0 (package.json\'s version): move what "## [Unreleased]" lists under "## [1.3.0] - YYYY-MM-DD", then run npm run release again.',
    );
    expect(releaseRefusal(rootWith('1.1.0', CHANGELOG), '1.1.0')).toMatch(/^CHANGELOG\.md's entry for 1\.1\.0 is empty: /);
    expect(releaseRefusal(rootWith('1.2.0'), '1.2.0')).toMatch(/^There is no CHANGELOG\.md: /);
    expect(releaseRefusal(rootWith('1.2.0', CHANGELOG), '1.2.0')).toBeNull();
  });

  it('is not built: buildRelease throws before it writes anything', () => {
    const root = rootWith('1.3.0', CHANGELOG);
    const outDir = join(root, 'release');
    expect(() => buildRelease(root, outDir)).toThrow(/^CHANGELOG\.md has no entry for 1\.3\.0/);
    expect(existsSync(outDir)).toBe(false);
  });
});

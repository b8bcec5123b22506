/**
 * CHANGELOG.md, kept as https://keepachangelog.com/en/1.1.0/ lays it out: a `## [Unreleased]` section for
 * what is merged and not yet released, then one `## [x.y.z] - YYYY-MM-DD` section per release, newest
 * first. `npm run release` refuses a version the changelog does not describe (scripts/build/release.ts),
 * so every release/ a person pastes has an entry saying what it brought.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The changelog's file, at the repository root. */
export const CHANGELOG = 'CHANGELOG.md';

/**
 * The text of a version's entry (what follows its heading, up to the next `## ` heading), trimmed; null
 * when the changelog has no heading for that version.
 * @param changelog the changelog's text
 * @param version e.g. "0.9.0"
 */
export function changelogEntry(changelog: string, version: string): string | null {
  const lines = changelog.split(/\r?\n/);
  const heading = new RegExp(`^## \\[${version.replace(/[.+]/g, '\\$&')}\\](?:\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
}

/**
 * Why a release of this version may not be made, or null when CHANGELOG.md describes it.
 * @param root the repository root
 * @param version the version the release would carry (package.json's)
 */
export function releaseRefusal(root: string, version: string): string | null {
  const path = join(root, CHANGELOG);
  if (!existsSync(path)) return `There is no ${CHANGELOG}: add one with an entry "## [${version}] - YYYY-MM-DD" before releasing.`;
  const entry = changelogEntry(readFileSync(path, 'utf8'), version);
  if (entry === null)
    return `${CHANGELOG} has no entry for ${version} (package.json's version): move what "## [Unreleased]" lists under "## [${version}] - YYYY-MM-DD", then run npm run release again.`;
  if (entry === '') return `${CHANGELOG}'s entry for ${version} is empty: say what this release brings, then run npm run release again.`;
  return null;
}

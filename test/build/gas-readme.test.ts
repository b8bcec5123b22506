/**
 * dev/gas's pages as a reviewer checks them: every rule dev/gas models (dev/gas/RULES.md) either quotes
 * Google (a link to Google's page and its words in quotes), or says it is our stricter reading (*strict*),
 * or names what developers report (*reported*) or an assumption (*assumed*); a table of rules or messages
 * in the front door (dev/gas/README.md) or the API for tests (dev/gas/API.md) is held to the same; and no
 * two sentences of the three contradict each other on a rule the issue found told both ways.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** A page, by its path from the repository's root. */
const page = (path: string): string => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
/** The rules, each with its source. */
const RULES = page('dev/gas/RULES.md');
/** dev/gas's three pages: the front door, the rules and the runtime's API for tests. */
const PAGES = { 'dev/gas/README.md': page('dev/gas/README.md'), 'dev/gas/RULES.md': RULES, 'dev/gas/API.md': page('dev/gas/API.md') };
const ALL_PAGES = Object.values(PAGES).join('\n');

/** Google's own pages. */
const GOOGLE_PAGE = /\]\(https:\/\/(developers\.google\.com|support\.google\.com|workspace\.google\.com)\/[^)]*\)/;
/** Google's words, quoted: "…" of at least a few characters. */
const QUOTE = /"[^"]{6,}"/;
/**
 * Our reading where Google is silent, what developers report, an assumption, or (the latency table) a
 * published measurement cited by a reference link such as [Peralta][peralta].
 */
const OWN_READING = /\*strict\*|\bstricter\b|\*reported\*|\*\*assumed\*\*|\]\[[a-z]+\]/;

/** Every Markdown table of a page: its header cells, and its rows' cells, with the page and section it is in. */
function tables(name: string, text: string): { page: string; section: string; header: string[]; rows: string[][] }[] {
  const found: { page: string; section: string; header: string[]; rows: string[][] }[] = [];
  let section = '';
  const lines = text.split('\n');
  const cells = (line: string) =>
    line
      .replace(/^\|/, '')
      .replace(/\|\s*$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#')) section = line;
    if (!line.startsWith('|') || !/^\|[\s:|-]+\|$/.test(lines[i + 1] ?? '')) continue;
    const header = cells(line);
    const rows: string[][] = [];
    for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
    found.push({ page: name, section, header, rows });
  }
  return found;
}

/** The text of a section of a page (from its heading to the next heading of any level). */
function sectionText(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  const rest = text.slice(start + heading.length + 1);
  const end = rest.search(/^#/m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe("dev/gas's pages: where every modelled rule comes from", () => {
  const all = Object.entries(PAGES).flatMap(([name, text]) => tables(name, text));

  it('every row of a table with a Source column quotes a Google page, or says it is our reading, a report or an assumption', () => {
    const sourced = all.filter((t) => t.header.at(-1) === 'Source');
    expect(sourced.filter((t) => t.page === 'dev/gas/RULES.md').length).toBeGreaterThanOrEqual(3); // project files, Google's rules, latency
    const unsourced = sourced.flatMap((t) =>
      t.rows
        .filter((row) => {
          const source = row.at(-1) ?? '';
          return !((GOOGLE_PAGE.test(source) && QUOTE.test(source)) || OWN_READING.test(source));
        })
        .map((row) => `${t.page} › ${t.section} › ${row[0]}`),
    );
    expect(unsourced).toEqual([]);
  });

  it("every table of exception messages is introduced by a Sources line: Google's page and words, or our reading", () => {
    const messageTables = all.filter((t) => /message|`error`/i.test(t.header.at(-1) ?? ''));
    expect(messageTables.filter((t) => t.page === 'dev/gas/RULES.md').length).toBeGreaterThanOrEqual(5); // results, UrlFetch, cache, properties, sheets, triggers
    const missing = messageTables
      .filter((t) => {
        // The paragraph that starts with "Sources:".
        const sources = sectionText(PAGES[t.page as keyof typeof PAGES], t.section)
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter((paragraph) => paragraph.startsWith('Sources:'))
          .join(' ');
        return !((GOOGLE_PAGE.test(sources) && QUOTE.test(sources)) || OWN_READING.test(sources));
      })
      .map((t) => `${t.page} › ${t.section}`);
    expect(missing).toEqual([]);
  });

  it('says one thing of which cache items go first past 1,000: the 900 farthest from expiry stay', () => {
    expect(ALL_PAGES).not.toMatch(/least recently put go first/);
    expect(RULES).toMatch(/the cache stores the 900 items farthest from expiration/);
  });

  it('credits Google only with what Google says of remembered custom-function results (the rest is our stricter reading)', () => {
    const row = all.flatMap((t) => t.rows).find((r) => r[0] === 'Remembered custom-function results');
    expect(row?.at(-1)).toMatch(/\*strict\*/);
    expect(ALL_PAGES).not.toMatch(/Sheets may return a remembered result/);
  });
});

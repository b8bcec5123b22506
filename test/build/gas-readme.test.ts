/**
 * dev/gas/RULES.md as a reviewer checks it: every rule dev/gas models either quotes Google (a link to
 * Google's page and its words in quotes), or says it is our stricter reading (*strict*), or names what
 * developers report (*reported*) or an assumption (*assumed*), and no two sentences contradict each other
 * on a rule the issue found told both ways.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const README = readFileSync(fileURLToPath(new URL('../../dev/gas/RULES.md', import.meta.url)), 'utf8');

/** Google's own pages. */
const GOOGLE_PAGE = /\]\(https:\/\/(developers\.google\.com|support\.google\.com|workspace\.google\.com)\/[^)]*\)/;
/** Google's words, quoted: "…" of at least a few characters. */
const QUOTE = /"[^"]{6,}"/;
/**
 * Our reading where Google is silent, what developers report, an assumption, or (the latency table) a
 * published measurement cited by a reference link such as [Peralta][peralta].
 */
const OWN_READING = /\*strict\*|\bstricter\b|\*reported\*|\*\*assumed\*\*|\]\[[a-z]+\]/;

/** Every Markdown table of the README: its header cells, and its rows' cells, with the section it is in. */
function tables(text: string): { section: string; header: string[]; rows: string[][] }[] {
  const found: { section: string; header: string[]; rows: string[][] }[] = [];
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
    found.push({ section, header, rows });
  }
  return found;
}

/** The text of a section (from its heading to the next heading of any level). */
function sectionText(heading: string): string {
  const start = README.indexOf(`${heading}\n`);
  const rest = README.slice(start + heading.length + 1);
  const end = rest.search(/^#/m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe('dev/gas/RULES.md: where every modelled rule comes from', () => {
  const all = tables(README);

  it('every row of a table with a Source column quotes a Google page, or says it is our reading, a report or an assumption', () => {
    const sourced = all.filter((t) => t.header.at(-1) === 'Source');
    expect(sourced.length).toBeGreaterThanOrEqual(3); // project files, Google's rules, latency
    const unsourced = sourced.flatMap((t) =>
      t.rows
        .filter((row) => {
          const source = row.at(-1) ?? '';
          return !((GOOGLE_PAGE.test(source) && QUOTE.test(source)) || OWN_READING.test(source));
        })
        .map((row) => `${t.section} › ${row[0]}`),
    );
    expect(unsourced).toEqual([]);
  });

  it("every table of exception messages is introduced by a Sources line: Google's page and words, or our reading", () => {
    const messageTables = all.filter((t) => /message|`error`/i.test(t.header.at(-1) ?? ''));
    expect(messageTables.length).toBeGreaterThanOrEqual(5); // results, UrlFetch, cache, properties, sheets, triggers
    const missing = messageTables
      .filter((t) => {
        // The paragraph that starts with "Sources:".
        const sources = sectionText(t.section)
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter((paragraph) => paragraph.startsWith('Sources:'))
          .join(' ');
        return !((GOOGLE_PAGE.test(sources) && QUOTE.test(sources)) || OWN_READING.test(sources));
      })
      .map((t) => t.section);
    expect(missing).toEqual([]);
  });

  it('says one thing of which cache items go first past 1,000: the 900 farthest from expiry stay', () => {
    expect(README).not.toMatch(/least recently put go first/);
    expect(README).toMatch(/the cache stores the 900 items farthest from expiration/);
  });

  it('credits Google only with what Google says of remembered custom-function results (the rest is our stricter reading)', () => {
    const row = all.flatMap((t) => t.rows).find((r) => r[0] === 'Remembered custom-function results');
    expect(row?.at(-1)).toMatch(/\*strict\*/);
    expect(README).not.toMatch(/Sheets may return a remembered result/);
  });
});

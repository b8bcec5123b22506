/**
 * What an analyst hands on: every function's default result, against the stand-in and against schemas
 * with other field names, shows no field path, repeats at most one column, fits 26 columns and shows
 * dates as dates. Inputs come from the service's own answers, never from names we know.
 */
import { describe, expect, it } from 'vitest';
import { firstAnswered, rawAnswer, serviceInputs, texts, useStack } from './stack';

type Grid = unknown[][];

const isDate = (v: unknown): boolean => Object.prototype.toString.call(v) === '[object Date]';
const ISO_TEXT = /^\d{4}-\d{2}(-\d{2})?(T\d{2}:\d{2}.*)?$/;

/** Every key of an answer that is a name for programs (separators or camelCase), and every dotted path. */
function programNames(json: unknown): Set<string> {
  const names = new Set<string>();
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, path);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (/[._-]|[a-z][A-Z]/.test(k)) names.add(k);
        if (path) names.add(p);
        walk(x, p);
      }
    }
  };
  walk(json, '');
  return names;
}

/** The words of a name as a program writes them: camelCase, snake_case and kebab-case split, lower case. */
const nameWords = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * Each field of an object inside the answer (not of a list's items), as a path would read with its
 * names' words run together by spaces ("signals search demand", "ranks markets us"): words no client
 * reads as a label. A field whose name starts with a preposition ("in industry") reads on, as a phrase.
 */
function runTogether(json: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, path: string[]): void => {
    if (Array.isArray(v) || !v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      const at = [...path, k];
      const leaf = nameWords(k);
      if (path.length && (x === null || typeof x !== 'object') && !/^(by|in|of|per|for|vs|at|to)$/.test(leaf[0] ?? ''))
        out.add(at.flatMap(nameWords).join(' '));
      walk(x, at);
    }
  };
  walk(json, []);
  return out;
}

/** Columns of a block of rows (rows between blank rows, three or more) that hold one value on every row. */
function repeatedColumns(grid: Grid): number {
  let worst = 0;
  let block: Grid = [];
  const close = () => {
    if (block.length >= 3) {
      const width = Math.max(...block.map((r) => r.length));
      let repeated = 0;
      for (let c = 0; c < width; c++) {
        const first = block[0]?.[c];
        const same = (v: unknown) => (isDate(v) && isDate(first) ? +(v as Date) === +(first as Date) : v === first);
        if (first !== '' && first !== undefined && block.every((r) => same(r[c]))) repeated++;
      }
      worst = Math.max(worst, repeated);
    }
    block = [];
  };
  for (const row of grid) {
    if (row.every((c) => c === '')) close();
    else block.push(row);
  }
  close();
  return worst;
}

/** Asserts the readable rules on a function's default result; returns its grid. */
function expectReadable(value: unknown, raw: unknown): Grid {
  const grid = (Array.isArray(value) ? value : [[value]]) as Grid;
  const names = programNames(raw);
  const paths = runTogether(raw);
  for (const cell of grid.flat()) {
    if (typeof cell !== 'string') continue;
    expect(names.has(cell), `"${cell}" is a field's name for programs`).toBe(false);
    expect(paths.has(nameWords(cell).join(' ')) && !cell.includes(':'), `"${cell}" is a path's words run together`).toBe(false);
    expect(cell, 'ISO text instead of a date').not.toMatch(ISO_TEXT);
  }
  expect(Math.max(...grid.map((r) => r.length))).toBeLessThanOrEqual(26);
  expect(repeatedColumns(grid)).toBeLessThanOrEqual(1);
  return grid;
}

describe.each([
  ['a', {}],
  ['b', {}],
  ['c', { world: '7' }],
] as const)('schema %s', (schema, options) => {
  const stack = useStack(schema, options);

  it('every function reads as words, each value once, within 26 columns, dates as dates', async () => {
    const { group, slug, company } = await serviceInputs(stack);

    const calls: [string, unknown[], string, Record<string, string>][] = [
      ['SEARCH_TREND', ['standing desk'], '/trend', { keyword: 'standing desk' }],
      ['SEARCH_TREND', [[['standing desk'], ['coffee'], ['']]], '/trend', { keyword: 'coffee' }],
      ['SEARCH_SCORE', ['standing desk'], '/trend', { keyword: 'standing desk' }],
      ['BRAND_SCORE', [slug], '/brand', { slug }],
      ['BRAND_PROFILE', [slug], '/brand', { slug }],
      ['COMPANY_PROFILE', [company], '/company', { keyword: company }],
      ['MARKET_ANALYSIS', [], '/markets', {}],
      ['AI_INDUSTRIES', [], '/industries', {}],
      ['RANKING_OVERVIEW', [], '/ranking', {}],
      ['RANKING_LIST', [group], '/ranking/list', { group }],
      ['API_USAGE', [], '/usage', {}],
    ];
    for (const [fn, args, path, query] of calls) {
      const grid = expectReadable(stack.value(fn, ...args), await rawAnswer(stack.service, path, query));
      if (fn === 'SEARCH_TREND' && args.length === 1 && typeof args[0] === 'string') {
        // The months as a series a chart takes: a date beside a number, 12 rows.
        const series = grid.filter((row) => isDate(row[0]) && typeof row[1] === 'number');
        expect(series.length).toBeGreaterThanOrEqual(12);
      }
    }
  });

  it('says a code by the name its answer, or one cached, gives it: sectors as the overview names them, a group once', async () => {
    // What the overview names, read independently: each record of its lists holding a `prefix:code`
    // beside text a client reads (capitals or spaces).
    const overview = (await rawAnswer(stack.service, '/ranking')) as Record<string, unknown>;
    const records = Object.values(overview).flatMap((v) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []));
    const named = new Map<string, string>(); // bare code → the record's name
    const groups: string[] = []; // groups whose name is their code's words (`ai:all`, `All AI`)
    for (const record of records) {
      const values = Object.values(record).filter((v): v is string => typeof v === 'string');
      const code = values.find((v) => /^[a-z0-9_-]+:[a-z0-9_-]+$/.test(v));
      const name = values.find((v) => /[A-Z ]/.test(v));
      if (!code || !name) continue;
      named.set(code.slice(code.indexOf(':') + 1), name);
      const words = (t: string) => (t.toLowerCase().match(/[a-z0-9]+/g) ?? []).sort().join(' ');
      if (words(code) === words(name)) groups.push(code);
    }
    expect(named.size).toBeGreaterThan(5);
    expect(groups.length).toBeGreaterThan(0);
    const bareCodes = (grid: Grid) => grid.flat().filter((c) => typeof c === 'string' && named.has(c));
    // The overview's own tables say a sector by the name its sectors' list gives it.
    const shown = stack.value('RANKING_OVERVIEW') as Grid;
    expect(bareCodes(shown)).toEqual([]);
    expect(shown.flat().filter((c) => [...named.values()].includes(c as string)).length).toBeGreaterThan(named.size);
    // A group's list names its group once, and its sectors as the cached overview names them.
    for (const group of groups) {
      const list = stack.value('RANKING_LIST', group) as Grid;
      expect(list.flat()).not.toContain(group);
      expect(list.flat()).toContain(named.get(group.slice(group.indexOf(':') + 1)));
      expect(bareCodes(list)).toEqual([]);
    }
  });

  it("says the ranking's own change column is the service's, as ranking tables do", async () => {
    const { group } = await serviceInputs(stack);
    for (const grid of [stack.value('RANKING_OVERVIEW'), stack.value('RANKING_LIST', group)] as Grid[]) {
      // Each table's header row (the row under a title, or the first after the single values) and its rows.
      const headers = grid.flatMap((row, r) => {
        const below = grid[r + 1] ?? [];
        const isHeader =
          row.filter((c) => c !== '').length > 2 && row.every((c) => typeof c === 'string') && below.some((c) => typeof c === 'number');
        return isHeader ? [{ row, r }] : [];
      });
      const marked = headers.flatMap(({ row, r }) =>
        row.flatMap((words, c) => {
          const rest = grid.slice(r + 1);
          const end = rest.findIndex((line) => line.every((v) => v === ''));
          const column = (end < 0 ? rest : rest.slice(0, end)).map((line) => line[c]);
          const wholeNumbers = column.length > 0 && column.every((v) => v === '' || Number.isInteger(v));
          return /change|delta|movement/i.test(String(words)) && !String(words).includes('%') && wholeNumbers ? [String(words)] : [];
        }),
      );
      expect(marked.length).toBeGreaterThan(0);
      for (const words of marked) expect(words).toMatch(/ \(service\)$/);
    }
  });

  it("titles an answer's only list by what the answer is, never by its key, and takes that title back as a field", async () => {
    const { group } = await serviceInputs(stack);
    // The lists each raw answer holds beside its single values (through objects), read independently.
    const lists = (json: unknown): [string, unknown[]][] => {
      const out: [string, unknown[]][] = [];
      const walk = (v: unknown, path: string): void => {
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
          const p = path ? `${path}.${k}` : k;
          if (Array.isArray(x)) {
            if (x.length) out.push([p, x]);
          } else if (x && typeof x === 'object') walk(x, p);
        }
      };
      walk(json, '');
      return out;
    };
    const calls: [string, string[], string, Record<string, string>, string][] = [
      ['RANKING_LIST', [group], '/ranking/list', { group }, 'Ranking'],
      ['SEARCH_TREND', ['coffee'], '/trend', { keyword: 'coffee' }, 'Search trend'],
      ['MARKET_ANALYSIS', [], '/markets', {}, 'Market analysis'],
    ];
    let titled = 0;
    for (const [fn, args, path, query, name] of calls) {
      const found = lists(await rawAnswer(stack.service, path, query));
      const [only] = found;
      if (found.length !== 1 || !only?.[1].some((x) => x && typeof x === 'object')) continue;
      titled++;
      const key = only[0];
      const grid = stack.value(fn, ...args) as Grid;
      // Titles: text alone on its row, after a blank row.
      const titles = grid.flatMap((row, r) =>
        r > 0 && grid[r - 1]?.every((c) => c === '') && typeof row[0] === 'string' && row.slice(1).every((c) => c === '') ? [row[0]] : [],
      );
      expect(titles, fn).toContain(name);
      const keyWords = nameWords(key.split('.').pop() ?? key).join(' ');
      if (keyWords !== nameWords(name).join(' '))
        expect(
          titles.map((t) => nameWords(String(t)).join(' ')),
          fn,
        ).not.toContain(keyWords);
      // The title typed back selects the list, as its own key does; the table under it is that list.
      const selected = stack.value(fn, ...args, name) as Grid;
      expect(selected, `${fn} "${name}"`).toEqual(stack.value(fn, ...args, key));
      const at = grid.findIndex((row) => row[0] === name);
      expect(selected.flat()).toEqual(expect.arrayContaining(grid[at + 2]?.filter((c) => c !== '') ?? []));
    }
    expect(titled).toBeGreaterThanOrEqual(1); // a ranking list is a list beside single values (the spec's)
  });

  it('takes a label back as a field, in words, and suggests the nearest for a typo', () => {
    const grid = stack.value('SEARCH_TREND', 'coffee') as Grid;
    const numeric = grid.find(
      (row) => typeof row[0] === 'string' && typeof row[1] === 'number' && row.slice(2).every((c) => c === ''),
    ) as unknown[];
    expect(stack.value('SEARCH_TREND', 'coffee', numeric[0])).toBe(numeric[1]);
    const label = numeric[0] as string;
    const typo = label.slice(0, 2) + label.slice(3); // one letter dropped
    const error = stack.run('SEARCH_TREND', 'coffee', typo).error ?? '';
    expect(error).toContain(`did you mean "${label}"?`);
  });

  it('takes every label of a profile and a trend back as a field, as the help\'s =SEARCH_TREND("coffee", A3) does', async () => {
    const { slug } = await serviceInputs(stack);
    for (const [fn, subject] of [
      ['SEARCH_TREND', 'coffee'],
      ['BRAND_PROFILE', slug],
    ] as const) {
      const grid = stack.value(fn, subject) as Grid;
      // Its single values: the label | value rows above the first blank row.
      const end = grid.findIndex((row) => row.every((c) => c === ''));
      const facts = grid.slice(0, end < 0 ? undefined : end).filter((row) => row[1] !== '');
      expect(facts.length).toBeGreaterThan(4);
      for (const [label, value] of facts) expect(stack.value(fn, subject, label), `${fn} "${String(label)}"`).toEqual(value);
    }
  });

  it('takes a date-time\'s label back as a field as the cell shows it, its zone said: "Fetched at (UTC)"', () => {
    const grid = stack.value('SEARCH_TREND', 'coffee') as Grid;
    const moment = grid.find((row) => typeof row[0] === 'string' && / \([^()]+\)$/.test(row[0]) && isDate(row[1])) as unknown[];
    expect(moment).toBeDefined();
    expect(stack.value('SEARCH_TREND', 'coffee', moment[0])).toEqual(moment[1]);
  });

  it('suggests the nearest group, and the nearest brand from answers already cached, with no request of its own', async () => {
    const overview = await rawAnswer(stack.service, '/ranking');
    const group = texts(overview).find((t) => /^[a-z0-9_-]+:[a-z0-9_-]{5,}$/i.test(t)) as string;
    const typo = group.slice(0, -2) + group.slice(-1); // one letter dropped
    expect(stack.run('RANKING_LIST', typo).error).toContain(`Did you mean "${group}"?`);

    // A slug of that group's list, mistyped: before anything is cached, the plain message.
    const list = await rawAnswer(stack.service, '/ranking/list', { group });
    const slugs = texts(list).filter((t) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(t) && t.length >= 8);
    const slug = (await firstAnswered(stack, '/brand', 'slug', slugs)) as string;
    const mistyped = slug.slice(0, 2) + slug[3] + slug[2] + slug.slice(4); // two letters swapped
    stack.resetRuntime();
    await stack.service.control.resetStats();
    expect(stack.run('BRAND_SCORE', mistyped).error).toBe(`Not found: brand "${mistyped}".`);
    // Once the overview and the list are cached (as any RANKING_ formula caches them), it names the slug.
    stack.value('RANKING_OVERVIEW');
    stack.value('RANKING_LIST', group);
    await stack.service.control.resetStats();
    expect(stack.run('BRAND_PROFILE', mistyped).error).toBe(`Not found: brand "${mistyped}". Did you mean "${slug}"?`);
    expect(await stack.requests()).toBeLessThanOrEqual(1); // the brand's own 404 at most (it may be cached)
    expect(await stack.requests('/ranking')).toBe(0);
    expect(await stack.requests('/ranking/list')).toBe(0);
  });

  it('drops every word with noHeaders, and transposes the readable layout', () => {
    const grid = stack.value('SEARCH_TREND', 'tea') as Grid;
    const bare = stack.value('SEARCH_TREND', 'tea', '', 'noHeaders') as Grid;
    const labels = new Set(grid.map((row) => row[0]).filter((c) => typeof c === 'string' && c !== '' && c !== 'tea'));
    for (const cell of bare.flat()) expect(labels.has(cell as string)).toBe(false);
    const turned = stack.value('SEARCH_TREND', 'tea', '', 'transpose') as Grid;
    expect(turned.map((r) => r[0])).toEqual(grid[0]);
  });
});

describe('dates in the spreadsheet time zone', () => {
  const stack = useStack('a');

  it('places a month at midnight where the spreadsheet is, at no extra round trip on a hit', () => {
    stack.gas.spreadsheet.timeZone = 'America/New_York';
    expect(stack.gas.run('showSidebar', [], { mode: 'menu' }).ok).toBe(true); // the sidebar keeps the zone
    stack.value('SEARCH_TREND', 'coffee');
    const hit = stack.run('SEARCH_TREND', 'coffee');
    expect(hit.roundTrips).toBe(1);
    const months = (hit.value as Grid).map((row) => row[0]).filter(isDate) as Date[];
    expect(months.length).toBeGreaterThanOrEqual(12);
    // March 2025 starts at 05:00 UTC in New York (winter time), July at 04:00 (summer time).
    for (const month of months) expect([4, 5]).toContain(month.getUTCHours());
    expect(months.every((m) => m.getUTCMinutes() === 0)).toBe(true);
  });
});

/**
 * Every custom function, single and range, run from the built dist/Code.js in the local Apps Script
 * runtime against the local service — on both of its naming schemas, since the add-on may hard-code no
 * field name but `cache`. Expectations are derived from what the cells show and the service's own JSON,
 * never from field names.
 */
import { describe, expect, it } from 'vitest';
import { column, rawAnswer, table, topLevelScore, useStack } from './stack';

const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

describe.each(['a', 'b'] as const)('schema %s', (schema) => {
  const stack = useStack(schema);

  describe('SEARCH_TREND', () => {
    it('raw: shows one keyword as the flat table: a header, one row per month, dotted names, no cache column', async () => {
      const grid = stack.value('SEARCH_TREND', '  Electric   BIKES ', '', 'raw');
      const { header, rows } = table(grid);
      expect(rows).toHaveLength(12);
      expect(header.some((h) => h.includes('.'))).toBe(true);
      expect(header.map((h) => h.toLowerCase())).not.toContain('cache');
      for (const row of rows) {
        expect(row).toHaveLength(header.length);
        for (const cell of row) expect(isScalar(cell)).toBe(true);
      }
      // The keyword, normalised, repeats on every row (the parent's scalars repeat).
      expect(header.some((h) => rows.every((row) => row[header.indexOf(h)] === 'electric bikes'))).toBe(true);
      // Every number of the service's 12 monthly records is in the table.
      const raw = (await rawAnswer(stack.service, '/trend', { keyword: 'electric bikes' })) as Record<string, unknown>;
      const months = Object.values(raw).find((v) => Array.isArray(v) && v.length === 12) as Record<string, unknown>[];
      const shown = new Set(rows.flat());
      for (const month of months) for (const v of Object.values(month)) expect(shown.has(v as never)).toBe(true);
    });

    it('raw: takes a header back as a field: a list column, or one value for a nested scalar', () => {
      const grid = stack.value('SEARCH_TREND', 'coffee', '', 'raw');
      const { header, rows } = table(grid);
      const varying = header.find((h) => new Set(rows.map((r) => r[header.indexOf(h)])).size === 12 && h.includes('.'));
      expect(varying).toBeDefined();
      const selected = stack.value('SEARCH_TREND', 'coffee', varying, 'raw') as unknown[][];
      expect(selected.map((r) => r[0])).toEqual(column(grid, varying as string));
      const nested = header.find((h) => h.includes('.') && new Set(rows.map((r) => r[header.indexOf(h)])).size === 1) as string;
      expect(nested).toBeDefined();
      expect(stack.value('SEARCH_TREND', 'coffee', nested, 'raw')).toEqual(column(grid, nested)[0]);
      // Case and separators do not matter.
      expect(stack.value('SEARCH_TREND', 'coffee', nested.toUpperCase().replace('.', ' . '), 'raw')).toEqual(column(grid, nested)[0]);
    });

    it('lists the fields that exist when a field is unknown', () => {
      const result = stack.run('SEARCH_TREND', 'coffee', 'no_such_field');
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/^Unknown field "no_such_field": available fields are /);
      // In words, as the readable layout's labels say them.
      const labels = (stack.value('SEARCH_TREND', 'coffee') as unknown[][]).map((row) => row[0]).filter((l) => typeof l === 'string' && l);
      expect(labels.some((l) => result.error?.includes(l as string))).toBe(true);
      expect(result.error?.split('available fields are ')[1]).not.toMatch(/[a-z][._][a-z]/);
    });

    it('raw: drops headers and transposes on request, and rejects unknown options', () => {
      const grid = stack.value('SEARCH_TREND', 'tea', '', 'raw') as unknown[][];
      expect(stack.value('SEARCH_TREND', 'tea', '', 'noHeaders, raw')).toEqual(grid.slice(1));
      const transposed = stack.value('SEARCH_TREND', 'tea', '', 'raw, transpose') as unknown[][];
      expect(transposed).toHaveLength(grid[0]?.length ?? 0);
      expect(transposed[0]).toEqual(grid.map((r) => r[0]));
      expect(stack.run('SEARCH_TREND', 'tea', '', 'sideways').error).toBe(
        'Bad input: unknown option "sideways". Use noHeaders, transpose, raw.',
      );
    });

    it('gives a range one row of scalar fields per keyword under one header, blanks and errors in place', () => {
      const grid = stack.value('SEARCH_TREND', [['coffee'], [''], ['tea'], ['a'.repeat(300)]]) as unknown[][];
      expect(grid).toHaveLength(5);
      const [header, coffee, blank, tea, tooLong] = grid;
      expect(header?.every((h) => typeof h === 'string' && h !== '')).toBe(true);
      expect(coffee).toContain('coffee');
      expect(tea).toContain('tea');
      expect(blank?.every((c) => c === '')).toBe(true);
      expect(tooLong?.[0]).toMatch(/^The service rejected keyword "a{59}…": /);
      // Lists are left out: every column holds one value per keyword; the last says when each came.
      expect(header).not.toContain(undefined);
      expect(header?.at(-1)).toBe('As of (UTC)');
      expect(tooLong?.at(-1)).toBe('');
      // noHeaders: the same rows without the header's words, nor the As of column beside them.
      expect(stack.value('SEARCH_TREND', [['coffee'], ['tea']], '', 'noHeaders')).toEqual([coffee?.slice(0, -1), tea?.slice(0, -1)]);
    });

    it('raw: gives a range with a list field one row of values per keyword', () => {
      const single = stack.value('SEARCH_TREND', 'coffee', '', 'raw');
      const { header, rows } = table(single);
      const varying = header.find((h) => h.includes('.') && typeof rows[0]?.[header.indexOf(h)] === 'number') as string;
      const grid = stack.value('SEARCH_TREND', [['coffee'], ['tea']], varying, 'raw') as unknown[][];
      expect(grid).toHaveLength(2);
      expect(grid[0]).toEqual(column(single, varying));
      expect(grid[1]).toHaveLength(12);
    });
    it('says a field that gives a record is a table, on each row of a range', () => {
      const { header, rows } = table(stack.value('SEARCH_TREND', 'coffee', '', 'raw'));
      // A dotted header whose value is the same on every row comes from a nested record.
      const nested = header.find((h) => h.includes('.') && new Set(rows.map((r) => r[header.indexOf(h)])).size === 1) as string;
      const record = nested.split('.')[0] as string;
      expect(stack.value('SEARCH_TREND', [['coffee'], ['tea']], record)).toEqual([
        [`Field "${record}" gives a table per input: in a range, pick a field with one value or a list.`],
        [`Field "${record}" gives a table per input: in a range, pick a field with one value or a list.`],
      ]);
    });
  });

  describe('SEARCH_SCORE', () => {
    it('finds the Search Score by meaning', async () => {
      const score = stack.value('SEARCH_SCORE', 'Running Shoes');
      expect(score).toBe(topLevelScore(await rawAnswer(stack.service, '/trend', { keyword: 'running shoes' })));
    });

    it('aligns a range with its input, fetching duplicates and variants once', async () => {
      const input = [['Coffee'], [' coffee '], [''], ['tea'], ['COFFEE'], ['  ']];
      const grid = stack.value('SEARCH_SCORE', input) as unknown[][];
      const coffee = stack.value('SEARCH_SCORE', 'coffee');
      const tea = stack.value('SEARCH_SCORE', 'tea');
      expect(grid).toEqual([[coffee], [coffee], [''], [tea], [coffee], ['']]);
      expect(await stack.requests('/trend')).toBe(2);
    });

    it('serves a second execution from the cache with zero requests', async () => {
      const input = [['alpha'], ['beta'], ['gamma']];
      const first = stack.value('SEARCH_SCORE', input);
      await stack.service.control.resetStats();
      expect(stack.value('SEARCH_SCORE', input)).toEqual(first);
      expect(stack.value('SEARCH_SCORE', 'beta')).toEqual((first as unknown[][])[1]?.[0]);
      expect(await stack.requests()).toBe(0);
    });

    it('keeps the shape of a 2D range', () => {
      const grid = stack.value('SEARCH_SCORE', [
        ['coffee', ''],
        ['', 'tea'],
      ]) as unknown[][];
      expect(grid).toEqual([
        [stack.value('SEARCH_SCORE', 'coffee'), ''],
        ['', stack.value('SEARCH_SCORE', 'tea')],
      ]);
    });
  });

  describe('brands and companies', () => {
    it('BRAND_SCORE finds the index score, and a range keeps its good rows around an unknown slug', async () => {
      const score = stack.value('BRAND_SCORE', 'acme-pay');
      expect(score).toBe(topLevelScore(await rawAnswer(stack.service, '/brand', { slug: 'acme-pay' })));
      const grid = stack.value('BRAND_SCORE', [['acme-pay'], ['no-such-brand'], ['strypo']]) as unknown[][];
      expect(grid[0]).toEqual([score]);
      expect(grid[1]).toEqual(['Not found: brand "no-such-brand".']);
      expect(typeof grid[2]?.[0]).toBe('number');
    });

    it('raw: BRAND_PROFILE shows a table with the products list as rows, and a field', () => {
      const grid = stack.value('BRAND_PROFILE', 'acme-pay', '', 'raw');
      const { header, rows } = table(grid);
      expect(rows.length).toBeGreaterThan(1);
      expect(header.some((h) => rows.every((r) => r[header.indexOf(h)] === 'acme-pay'))).toBe(true);
      expect(() => stack.value('BRAND_PROFILE', 'acme-pay', header[0])).not.toThrow();
    });

    it('raw: COMPANY_PROFILE shows a company, and a range of names', () => {
      const { header, rows } = table(stack.value('COMPANY_PROFILE', 'Acme Group', '', 'raw'));
      expect(header.length).toBeGreaterThan(3);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      const grid = stack.value('COMPANY_PROFILE', [['Acme Group'], ['Unknown Corp']]) as unknown[][];
      expect(grid).toHaveLength(3);
    });
  });

  describe('functions without a subject', () => {
    it('MARKET_ANALYSIS gives the cross-industry analysis as rows', () => {
      const { rows } = table(stack.value('MARKET_ANALYSIS'));
      expect(rows.length).toBeGreaterThan(5);
    });

    it('raw: AI_INDUSTRIES gives eight baskets with their members as rows', () => {
      const { header, rows } = table(stack.value('AI_INDUSTRIES', '', 'raw'));
      const eight = header.filter((h) => new Set(rows.map((r) => r[header.indexOf(h)])).size === 8);
      expect(eight.length).toBeGreaterThan(0);
      expect(rows.length).toBeGreaterThan(8);
    });

    it('RANKING_OVERVIEW names its groups by their names, each with the code RANKING_LIST takes, said for what it is', () => {
      const { header, rows } = table(stack.value('RANKING_OVERVIEW'));
      expect(header.length).toBeGreaterThan(3);
      expect(rows.flat()).toContain('Fintech');
      // Each group's code sits in the last column of its table, under words that say what it is for.
      const codes = (grid: unknown[][]) => grid.flat().filter((v): v is string => typeof v === 'string' && /^sector:\w+$/.test(v));
      const raw = codes(table(stack.value('RANKING_OVERVIEW', '', 'raw')).rows);
      const shown = codes(rows);
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set(raw));
      const headerOf = (code: string) => {
        const at = rows.findIndex((row) => row.includes(code));
        const above = rows
          .slice(0, at)
          .reverse()
          .find((row) => row.includes('Code (for formulas)'));
        return above?.[(rows[at] ?? []).indexOf(code)];
      };
      for (const code of shown) expect(headerOf(code)).toBe('Code (for formulas)');
      const list = table(stack.value('RANKING_LIST', shown[0]));
      expect(list.rows.length).toBeGreaterThan(10);
    });

    it('API_USAGE shows the allowance, cached for a minute only', async () => {
      const { rows } = table(stack.value('API_USAGE'));
      expect(rows.flat()).toContain(250);
      stack.value('API_USAGE');
      expect(await stack.requests('/usage')).toBe(1);
      stack.gas.advanceClock(61_000);
      stack.value('API_USAGE');
      expect(await stack.requests('/usage')).toBe(2);
    });
  });

  describe('RANKING_LIST of a group the service does not know', () => {
    /** Every `prefix:name` text of the service's own overview: the groups it names, whatever its field names. */
    const overviewGroups = async (): Promise<string[]> => {
      const texts: string[] = [];
      const walk = (v: unknown): void => {
        if (typeof v === 'string' && /^[a-z0-9_-]+:[^\s:]+$/i.test(v)) texts.push(v);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      walk(await rawAnswer(stack.service, '/ranking'));
      return [...new Set(texts)].sort((a, b) => a.localeCompare(b));
    };
    /** The groups a "not found" names, in its order, and how many it says it left out. */
    const named = (message: string) => {
      const list = /Groups that exist: (.*?)(?: and (\d+) more)? \(RANKING_OVERVIEW\(\) lists every group\)\.$/.exec(message);
      return { groups: list?.[1]?.split(', ') ?? [], more: Number(list?.[2] ?? 0) };
    };

    it('names the groups of that kind that exist, each of which works, for one request to the overview, then cached', async () => {
      // The prefix most groups share (whatever the service calls them), as in "sector:madeup".
      const all = await overviewGroups();
      const prefixOf = (g: string) => g.slice(0, g.indexOf(':') + 1).toLowerCase();
      const prefix = [...all.map(prefixOf)].sort(
        (a, b) => all.filter((g) => prefixOf(g) === b).length - all.filter((g) => prefixOf(g) === a).length,
      )[0]!;
      const alike = all.filter((g) => prefixOf(g) === prefix);
      await stack.service.control.resetStats();

      const result = stack.run('RANKING_LIST', `${prefix}madeup`);
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(new RegExp(`^Not found: group "${prefix}madeup"\\. Groups that exist: `));
      const { groups, more } = named(result.error ?? '');
      expect(groups).toEqual(alike.slice(0, 12));
      expect(more).toBe(Math.max(0, alike.length - 12));
      // The list's 404, and the overview it reads the groups from.
      expect(await stack.requests('/ranking/list')).toBe(1);
      expect(await stack.requests('/ranking')).toBe(1);

      // Each group it names is one RANKING_LIST answers.
      for (const group of groups.slice(0, 3)) expect(table(stack.value('RANKING_LIST', group)).rows.length).toBeGreaterThan(0);

      // Another unknown group, in a range beside a known one: the overview comes from the cache.
      await stack.service.control.resetStats();
      const rows = stack.value('RANKING_LIST', [[groups[0]], [`${prefix}nowhere`]], 'noHeaders') as unknown[][];
      expect(rows[1]?.[0]).toBe(result.error?.replace('madeup', 'nowhere'));
      expect(await stack.requests('/ranking')).toBe(0);
      // RANKING_OVERVIEW itself is then free too: the same cached answer.
      stack.value('RANKING_OVERVIEW');
      expect(await stack.requests()).toBe(1); // only the list's 404 of "nowhere"
    });

    it('for a prefix no group has, shows one group of each prefix', async () => {
      const all = await overviewGroups();
      const prefixes = [...new Set(all.map((g) => g.slice(0, g.indexOf(':') + 1).toLowerCase()))];
      const error = stack.run('RANKING_LIST', 'zz-nothing:madeup').error ?? '';
      expect(error).toMatch(
        /^Not found: group "zz-nothing:madeup"\. Groups start with .*, for example .* \(RANKING_OVERVIEW\(\) lists every group\)\.$/,
      );
      const examples = /for example (.*) \(/.exec(error)![1]!.split(', ');
      expect(examples.map((g) => g.slice(0, g.indexOf(':') + 1).toLowerCase())).toEqual(prefixes);
      for (const group of examples) expect(all).toContain(group);
    });

    it('keeps the plain message when the overview cannot be read, and the cell still says what is missing', async () => {
      await stack.service.control.faults([{ kind: '5xx', count: 20, path: '/ranking' }]);
      expect(stack.run('RANKING_LIST', 'sector:madeup').error).toBe('Not found: group "sector:madeup".');
    });
  });

  describe('RANKING_LIST of a market (over 100 KB)', () => {
    it('shows every item, and a second execution reads it from the cache with zero requests', async () => {
      const raw = (await rawAnswer(stack.service, '/ranking/list', { group: 'market:us' })) as Record<string, unknown>;
      expect(JSON.stringify(raw).length).toBeGreaterThan(100 * 1024);
      const items = Object.values(raw).find(Array.isArray) as unknown[];
      await stack.service.control.resetStats();

      const first = table(stack.value('RANKING_LIST', 'market:us', '', 'raw'));
      expect(first.rows).toHaveLength(items.length);
      expect(await stack.requests()).toBe(1);
      // Stored within Google's 100 KB per value (the fake refuses more), in as few entries as it needs.
      for (const entry of stack.gas.caches.document.entries()) expect(entry.value.length).toBeLessThanOrEqual(100 * 1024);

      const second = table(stack.value('RANKING_LIST', ' market:us ', '', 'raw'));
      expect(second).toEqual(first);
      expect(await stack.requests()).toBe(1);
    });

    it('fetches again when the cache dropped the entry', async () => {
      stack.value('RANKING_LIST', 'market:uk');
      expect(stack.gas.caches.document.drop(() => true)).toBeGreaterThan(0);
      await stack.service.control.resetStats();
      expect(table(stack.value('RANKING_LIST', 'market:uk')).rows.length).toBeGreaterThan(1500);
      expect(await stack.requests()).toBe(1);
    });
  });
});

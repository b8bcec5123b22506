/**
 * Field names in words, for headers and labels: a general rule, since the service's field names are not
 * ours to know. `growth.yoy_pct` → "Growth year-on-year %", `avgMonthlyVolume` → "Average monthly
 * volume", `ranks.markets.us` → "Ranks markets US", `as-of` → "As of".
 */

/** Abbreviations spelled out wherever they stand as a word of a name (lower case in, words out). */
const SPELLED: Record<string, string> = {
  yoy: 'year-on-year',
  mom: 'month-on-month',
  qoq: 'quarter-on-quarter',
  wow: 'week-on-week',
  pct: '%',
  percent: '%',
  avg: 'average',
  cnt: 'count',
  num: 'number',
  qty: 'quantity',
  yr: 'year',
};

/** Words kept in capitals wherever they stand: initialisms a reader knows (text, not a Set: nothing is built at load). */
const CAPITALS = ' ai api id url uk us eu utc cpc ctr roi kpi b2b b2c seo sem gdp ';

/** Short words that are words, not codes: a two-letter name segment not in here reads as a code (`de` → DE). */
const SHORT_WORDS = ' of to in on at by vs is as or an no up go do if it be me my we so ';

/**
 * The words of one name: split at camelCase humps, letters against digits, and every separator.
 * @param name a key such as `yoyPct`, `three_month_pct`, `vs-last-year-pct` or `top10`
 */
function splitName(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2') // fooBar, top10Bar
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2') // URLPath → URL Path
    .replace(/(\p{L})(\p{N})/gu, '$1 $2') // top10
    .replace(/(\p{N})(\p{L})/gu, '$1 $2') // 3month
    .split(/[^\p{L}\p{N}%]+/u)
    .filter((w) => w !== '');
}

/**
 * One word as shown: spelled out, an initialism in capitals, else lower case.
 * @param word a word of a name
 * @param alone whether it is the whole name segment (a lone two-letter code such as `us` or `de`)
 */
function shownWord(word: string, alone: boolean): string {
  const lower = word.toLowerCase();
  const spelled = SPELLED[lower];
  if (spelled !== undefined) return spelled;
  if (CAPITALS.includes(` ${lower} `)) return lower.toUpperCase();
  if (alone && /^\p{L}{2}$/u.test(word) && !SHORT_WORDS.includes(` ${lower} `)) return lower.toUpperCase();
  return word === word.toUpperCase() && word.length > 1 && /\p{L}/u.test(word) ? word : lower;
}

/**
 * A field path in words, as a header or label: each segment split into words, abbreviations spelled
 * out, `%` for a percentage, a word repeated at a segment's joint said once (`months.month` → "Months",
 * kept distinct by the parent), the first letter capitalised. Never a dotted path, camelCase or
 * snake_case name.
 * @param path a dotted path such as `growth.yoy_pct` (a key containing dots reads the same)
 */
export function headerWords(path: string): string {
  const words: string[] = [];
  for (const segment of path.split('.')) {
    const parts = splitName(segment);
    for (const part of parts) {
      const word = shownWord(part, parts.length === 1);
      if (words[words.length - 1]?.toLowerCase() === word.toLowerCase()) continue;
      words.push(word);
    }
  }
  // "%" joins the word before it ("Growth %"); "year-on-year" is one word already.
  const text = words.join(' ').replace(/\s+%/g, ' %').trim();
  if (!text) return path.trim() || 'Value';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Words naming one of a list's items, from the list's words: the last word made singular
 * ("Industries" → "Industry", "AI clusters" → "AI cluster", "Results" → "Result"); a word that does not
 * read as a plural stays ("Ranking", "Analysis").
 * @param words a list's name in words (headerWords)
 */
export function singularWords(words: string): string {
  return words.replace(/(\p{L}+)$/u, (word) => {
    if (/(ss|us|is)$/i.test(word) || word.length < 4) return word;
    if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
    if (/(sh|ch|x)es$/i.test(word)) return word.slice(0, -2);
    return /s$/i.test(word) ? word.slice(0, -1) : word;
  });
}

/**
 * Words as they read inside a sentence: the first letter in lower case, unless the first word is an
 * initialism ("AI cluster" stays, "Industry" → "industry").
 * @param words words as a header starts them
 */
export function inSentence(words: string): string {
  const first = words.split(' ')[0] ?? '';
  return first.length > 1 && first === first.toUpperCase() ? words : words.charAt(0).toLowerCase() + words.slice(1);
}

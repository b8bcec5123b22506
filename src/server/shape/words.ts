/**
 * Field names in words, for headers and labels: a general rule, since the service's field names are not
 * ours to know. `growth.yoy_pct` → "Growth: year-on-year %", `avgMonthlyVolume` → "Average monthly
 * volume", `ranks.markets.us` → "Ranks by market: US", `as-of` → "As of".
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

/** Words that lead a name as a phrase of its parent's ("rankings.inIndustry" → "Rankings in industry"). */
const PREPOSITIONS = ' by in of per for vs at from to on over under with ';

/**
 * A field path in words, as a header or label, a client reads: each segment split into words,
 * abbreviations spelled out, `%` for a percentage, the first letter capitalised. A field of an object
 * says the object's words, a colon, then its own ("Signals: search demand", "Fresh searches: used"); an
 * object between them says what it sorts by ("Ranks by market: US"); a field whose name starts with a
 * preposition, or repeats the word its object ends with, reads on as one phrase ("Rankings in
 * industry", `items.items_count` → "Items count", `months.month` → "Months"). Never a dotted path, camelCase or snake_case name.
 * @param path a dotted path such as `growth.yoy_pct` (a key containing dots reads the same)
 */
export function headerWords(path: string): string {
  const segments = path
    .split('.')
    .map((segment) => {
      const parts = splitName(segment);
      return parts.map((part) => shownWord(part, parts.length === 1));
    })
    .filter((words) => words.length > 0);
  const words: string[] = [];
  segments.forEach((own, i) => {
    const before = words[words.length - 1];
    const joint = before !== undefined && [before, singularWords(before)].some((w) => w.toLowerCase() === own[0]?.toLowerCase());
    const next = joint ? own.slice(1) : own;
    if (!next.length) return;
    if (!words.length || joint || PREPOSITIONS.includes(` ${next[0]?.toLowerCase()} `)) words.push(...next);
    else if (i < segments.length - 1) {
      // An object inside an object: what its fields are by ("markets" → "by market").
      const single = singularWords(next.join(' '));
      words.push(...(single === next.join(' ') ? next : ['by', single]));
    } else words.push(`${words.pop() ?? ''}:`, ...next);
  });
  // "%" joins the word before it ("Growth: year-on-year %"); "year-on-year" is one word already.
  const text = words.join(' ').replace(/\s+%/g, ' %').replace(/:\s*%/g, ' %').trim();
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
  // The noun a phrase is about stands before its preposition: "Rankings by market" → "Ranking by market".
  const phrase = /^(.*?\p{L}+)(\s+(?:by|in|of|per|for)\s.*)$/u.exec(words);
  if (phrase) return `${singularWords(phrase[1] ?? '')}${phrase[2] ?? ''}`;
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

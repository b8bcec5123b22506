/**
 * Deterministic data for the local stand-in service.
 *
 * Everything here is schema-neutral (camelCase models); `schemas.ts` maps the
 * models to the two wire schemas. Randomness always comes from a PRNG seeded
 * with a hash of the normalised input, so the same input gives the same data
 * in every run and on every machine.
 */
import { createHash } from 'node:crypto';

// ---------------------------------------------------------------- helpers

/** Trim, collapse inner whitespace to one space, lowercase (the service's cache-key normalisation). */
export function normaliseKeyword(raw: string): string {
  return raw.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** 32-bit seed from the SHA-256 of a string. */
export function hashSeed(input: string): number {
  return createHash('sha256').update(input).digest().readUInt32LE(0);
}

/** mulberry32: tiny, fast, good enough for fake data. Returns floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seeded = (input: string) => rng(hashSeed(input));
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round1 = (v: number) => Math.round(v * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Random shares over `names` that sum to exactly 1 (3 decimals). */
function shares<K extends string>(r: () => number, names: readonly K[], skew: number[] = []): Record<K, number> {
  const w = names.map((_, i) => (0.2 + r()) * (skew[i] ?? 1));
  const total = w.reduce((a, b) => a + b, 0);
  const out = {} as Record<K, number>;
  let used = 0;
  names.forEach((n, i) => {
    const v = i === names.length - 1 ? Math.round((1 - used) * 1000) / 1000 : Math.round((w[i]! / total) * 1000) / 1000;
    used += v;
    out[n] = v;
  });
  return out;
}

/** `YYYY-MM` of the month `back` months before the month containing `ms` (UTC). */
function monthLabel(ms: number, back: number): string {
  const d = new Date(ms);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() - back;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- worlds

/**
 * Which data the service serves: '' is the default world, whose hand-picked brands (`acme-pay`, …)
 * docs and tests may name; any other text seeds a world of its own, with other brands, companies and
 * keyword figures, so a test can run the add-on against data it has never seen (`--world`).
 */
export type World = string;
export const DEFAULT_WORLD: World = '';

// ---------------------------------------------------------------- trend

export interface MonthPoint {
  month: string;
  volume: number;
}
export interface TrendModel {
  keyword: string;
  months: MonthPoint[];
  avgVolume: number;
  yoyPct: number;
  threeMonthPct: number;
  peak: MonthPoint;
  searchScore: number;
}

/**
 * Trend for a keyword: the 12 complete months before `asOfMs` (oldest first), in a world (see World).
 * Each month's volume depends only on the keyword and that month, so the window moves with the service
 * clock as a real one would: a month keeps its volume, and a newly completed month brings a new figure
 * (a tracking list sees a change once a month has passed).
 */
export function trendData(keyword: string, asOfMs: number, world: World = DEFAULT_WORLD): TrendModel {
  const kw = normaliseKeyword(keyword);
  const salt = world ? `${world}:` : '';
  const r = seeded(`trend:${salt}${kw}`);
  const words = kw.split(' ').length;
  const base = 20 + 10 ** (1 + r() * 5.2) / words ** 1.5;
  const yearGrowth = 0.6 + r() * 1.4; // x0.6 .. x2.0 per year, around now
  const amp = r() * 0.35;
  const phase = r() * 12;
  const cycle = r() * 96;
  const now = new Date(asOfMs);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  // The level follows an 8-year cycle, bounded at any date: at its steepest it changes by yearGrowth a year.
  const level = (month: number) => yearGrowth ** (((48 / Math.PI) * Math.sin((Math.PI * (month + cycle)) / 48)) / 12);
  // 24 internal months so year-over-year can be computed; only the last 12 are shown.
  const series = Array.from({ length: 24 }, (_, i) => {
    const month = current - 24 + i;
    const noise = 0.9 + seeded(`trend:${salt}${kw}:${month}`)() * 0.2;
    const v = base * level(month) * (1 + amp * Math.sin((2 * Math.PI * (month + phase)) / 12)) * noise;
    return v < 1000 ? Math.round(v) : Math.round(v / 10) * 10;
  });
  const shown = series.slice(12);
  const months = shown.map((volume, i) => ({ month: monthLabel(asOfMs, 12 - i), volume }));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const avgVolume = Math.round(sum(shown) / 12);
  const yoyPct = round1((sum(series.slice(21)) / Math.max(1, sum(series.slice(9, 12))) - 1) * 100);
  const threeMonthPct = round1((sum(series.slice(21)) / Math.max(1, sum(series.slice(18, 21))) - 1) * 100);
  const peak = months.reduce((best, p) => (p.volume > best.volume ? p : best), months[0]!);
  const volumeScore = clamp(((Math.log10(Math.max(1, avgVolume)) - 1) / 5.3) * 100, 0, 100);
  const growthScore = clamp(50 + yoyPct / 2, 0, 100);
  const searchScore = round1(0.65 * volumeScore + 0.35 * growthScore);
  return { keyword: kw, months, avgVolume, yoyPct, threeMonthPct, peak: { ...peak }, searchScore };
}

// ---------------------------------------------------------------- universe

export interface GroupDef {
  id: string;
  group: string;
  name: string;
}
export const MARKETS = [
  { id: 'us', group: 'market:us', name: 'United States', country: 'US', weight: 0.35 },
  { id: 'uk', group: 'market:uk', name: 'United Kingdom', country: 'GB', weight: 0.15 },
  { id: 'de', group: 'market:de', name: 'Germany', country: 'DE', weight: 0.15 },
  { id: 'fr', group: 'market:fr', name: 'France', country: 'FR', weight: 0.15 },
  { id: 'jp', group: 'market:jp', name: 'Japan', country: 'JP', weight: 0.2 },
] as const;
export type MarketId = (typeof MARKETS)[number]['id'];

const SECTOR_DEFS: Array<[string, string, string[], string[]]> = [
  // id, name, brand suffixes, product words
  ['fintech', 'Fintech', ['Pay', 'Wallet', 'Bank', 'Ledger', 'Cash', 'Invest'], ['Card', 'Business', 'Savings', 'Checkout', 'Payouts']],
  ['ecommerce', 'E-commerce', ['Shop', 'Cart', 'Market', 'Store', 'Deals'], ['Marketplace', 'Prime', 'Express', 'Outlet', 'Seller Hub']],
  ['saas', 'SaaS', ['Cloud', 'Desk', 'Flow', 'Stack', 'Base', 'Docs'], ['Teams', 'Enterprise', 'Analytics', 'API', 'Automations']],
  ['travel', 'Travel', ['Trip', 'Stay', 'Fly', 'Voyage', 'Go'], ['Hotels', 'Flights', 'Rentals', 'Rewards', 'Experiences']],
  ['health', 'Health', ['Care', 'Health', 'Med', 'Fit', 'Clinic'], ['Telehealth', 'Pharmacy', 'Tracker', 'Plus', 'Coach']],
  ['media', 'Media', ['News', 'Tube', 'Cast', 'Play', 'Stream'], ['Premium', 'Podcasts', 'Live', 'Kids', 'Originals']],
  ['gaming', 'Gaming', ['Games', 'Arena', 'Quest', 'Play'], ['Pass', 'Studio', 'Mobile', 'League', 'Store']],
  ['education', 'Education', ['Learn', 'Academy', 'Tutor', 'School'], ['Courses', 'Classroom', 'Certificates', 'Kids', 'Live']],
  ['mobility', 'Mobility', ['Ride', 'Drive', 'Move', 'Scoot'], ['Rides', 'Delivery', 'Fleet', 'EV', 'Rent']],
  ['food', 'Food & Delivery', ['Eats', 'Kitchen', 'Fresh', 'Bites'], ['Delivery', 'Grocery', 'Meal Kits', 'Pickup', 'Plus']],
  ['security', 'Security', ['Guard', 'Shield', 'Vault', 'Secure'], ['VPN', 'Password Manager', 'Endpoint', 'Identity', 'Backup']],
  ['realestate', 'Real Estate', ['Homes', 'Estate', 'Rent', 'Nest'], ['Listings', 'Mortgages', 'Agents', 'Valuation', 'Rentals']],
];
export const SECTORS: GroupDef[] = SECTOR_DEFS.map(([id, name]) => ({ id, group: `sector:${id}`, name }));

export const AI_CATEGORIES: GroupDef[] = [
  ['chatbots', 'AI Chatbots & Assistants'],
  ['image', 'AI Image Generation'],
  ['video', 'AI Video'],
  ['coding', 'AI Coding Tools'],
  ['voice', 'AI Voice & Audio'],
  ['writing', 'AI Writing'],
].map(([id, name]) => ({ id: id!, group: `ai:${id}`, name: name! }));
export const AI_ALL: GroupDef = { id: 'all', group: 'ai:all', name: 'All AI' };

/** The eight AI industry baskets returned by /industries. */
export const BASKETS: GroupDef[] = [
  ['foundation-models', 'Foundation Models'],
  ['assistants', 'Assistants & Agents'],
  ['creative', 'Creative & Media AI'],
  ['developer', 'Developer AI'],
  ['voice', 'Voice & Speech AI'],
  ['productivity', 'Productivity & Writing AI'],
  ['healthcare', 'Healthcare AI'],
  ['finance', 'Finance AI'],
].map(([id, name]) => ({ id: id!, group: `basket:${id}`, name: name! }));

const SIGNAL_NAMES = ['searchDemand', 'growthMomentum', 'webTraffic', 'socialBuzz', 'newsCoverage', 'sentiment'] as const;
export type Signals = Record<(typeof SIGNAL_NAMES)[number], number>;
const INTENTS = ['navigational', 'informational', 'commercial', 'transactional'] as const;
export type IntentMix = Record<(typeof INTENTS)[number], number>;
const CHANNELS = ['direct', 'organicSearch', 'paidSearch', 'social', 'referral', 'email'] as const;
export type ChannelMix = Record<(typeof CHANNELS)[number], number>;

export interface Brand {
  slug: string;
  name: string;
  sector: string;
  country: string; // ISO code of the home market
  home: MarketId;
  markets: MarketId[];
  aiCategory: string | null;
  basket: string | null;
  company: string; // parent company name
  indexScore: number;
  growthPct: number;
  searchVolume: number;
  change: number; // rank change vs previous period (positive = moved up)
  signals: Signals;
  products: string[];
  intentMix: IntentMix;
  ranks: { overall: number; sector: number; aiCategory: number | null; markets: Partial<Record<MarketId, number>> };
}

export interface Company {
  name: string;
  baseName: string;
  sector: string;
  country: string;
  brands: string[]; // slugs
  founded: number;
  employees: number;
  monthlyVisits: number | null;
  channelMix: ChannelMix | null;
}

export interface Universe {
  brands: Brand[]; // sorted by overall rank
  bySlug: Map<string, Brand>;
  companies: Company[];
  byCompanyName: Map<string, Company>;
}

const BRAND_COUNT = 2400;
const AI_SHARE = 0.3; // of the brands drawn; only those in a sector that fits an AI category become one
const AI_MAX = 300; // ai:all stays at 300 brands, spread over the categories
/** Which sectors each AI category's brands come from, and the words that name them ("Zorix Code"). */
const AI_FIT: Record<string, { sectors: string[]; words: string[] }> = {
  chatbots: { sectors: ['saas', 'fintech', 'health', 'education'], words: ['Chat', 'Assist', 'Mind', 'Agent', 'Talk'] },
  image: { sectors: ['media', 'saas'], words: ['Imagine', 'Pixel', 'Canvas', 'Vision', 'Art'] },
  video: { sectors: ['media', 'saas'], words: ['Video', 'Motion', 'Clip', 'Reel', 'Frames'] },
  coding: { sectors: ['saas', 'security'], words: ['Code', 'Dev', 'Copilot', 'Compile', 'Script'] },
  voice: { sectors: ['media', 'saas'], words: ['Voice', 'Speech', 'Sound', 'Audio', 'Tone'] },
  writing: { sectors: ['saas', 'education', 'media'], words: ['Write', 'Words', 'Ink', 'Draft', 'Prose'] },
};
const CORP_WORDS = ['Group', 'Holdings', 'Labs', 'Technologies', 'Inc', 'Ventures', 'Systems', 'Industries'];
const ONSETS = [
  'b',
  'br',
  'c',
  'cl',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'kl',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'qu',
  'r',
  's',
  'sl',
  'st',
  'str',
  't',
  'tr',
  'v',
  'w',
  'z',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'o', 'ai', 'io', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'x', 'l', 's', 'm', 'k', 'nt', 'st'];

/** Hand-picked brands first, so docs and tests can rely on a few well-known slugs. */
const FIXED: Array<{ base: string; corp: string; brands: Array<[string, string, string | null]> }> = [
  {
    base: 'Acme',
    corp: 'Group',
    brands: [
      ['Acme Pay', 'fintech', null],
      ['Acme Cloud', 'saas', null],
      ['Acme Shop', 'ecommerce', null],
    ],
  },
  {
    base: 'Strypo',
    corp: 'Inc',
    brands: [
      ['Strypo', 'fintech', null],
      ['Strypo Invest', 'fintech', null],
    ],
  },
  {
    base: 'Nimbus',
    corp: 'Labs',
    brands: [
      ['Nimbus Chat', 'saas', 'chatbots'],
      ['Nimbus Code', 'saas', 'coding'],
    ],
  },
  { base: 'Brightcart', corp: 'Holdings', brands: [['Brightcart', 'ecommerce', null]] },
  {
    base: 'Voyagely',
    corp: 'Technologies',
    brands: [
      ['Voyagely', 'travel', null],
      ['Voyagely Stay', 'travel', null],
    ],
  },
  { base: 'Pixora', corp: 'Inc', brands: [['Pixora', 'media', 'image']] },
];

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function coin(r: () => number): string {
  const n = 2 + (r() < 0.15 ? 1 : 0);
  let s = '';
  for (let i = 0; i < n; i++) s += pick(r, ONSETS) + pick(r, VOWELS) + (i === n - 1 ? pick(r, CODAS) : '');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function basketFor(r: () => number, sector: string, category: string): string {
  if (sector === 'health') return 'healthcare';
  if (sector === 'fintech') return 'finance';
  switch (category) {
    case 'chatbots':
      return r() < 0.35 ? 'foundation-models' : 'assistants';
    case 'coding':
      return r() < 0.3 ? 'foundation-models' : 'developer';
    case 'image':
    case 'video':
      return 'creative';
    case 'voice':
      return 'voice';
    default:
      return 'productivity';
  }
}

/** Metrics of one brand, seeded by its slug so they never depend on generation order. */
function brandMetrics(b: Pick<Brand, 'slug' | 'name' | 'sector'>) {
  const r = seeded(`brand:${b.slug}`);
  const q = r();
  const signals = {} as Signals;
  for (const s of SIGNAL_NAMES) signals[s] = round1(clamp(q * 65 + r() * 35, 0, 100));
  const indexScore = round1(
    0.3 * signals.searchDemand +
      0.2 * signals.growthMomentum +
      0.2 * signals.webTraffic +
      0.15 * signals.socialBuzz +
      0.1 * signals.newsCoverage +
      0.05 * signals.sentiment,
  );
  const growthPct = round1(r() ** 3 * 180 - 30 + (signals.growthMomentum - 50) * 0.4);
  const searchVolume = Math.round(10 ** (3 + q * 3 + r() * 0.7) / 10) * 10;
  const change = Math.round((r() - 0.5) * 24);
  const words = SECTOR_DEFS.find((d) => d[0] === b.sector)?.[3] ?? ['Plus'];
  const products = [...new Set(Array.from({ length: 2 + Math.floor(r() * 3) }, () => `${b.name} ${pick(r, words)}`))];
  const intentMix = shares(r, INTENTS, [2, 1.5, 1, 1]);
  return { signals, indexScore, growthPct, searchVolume, change, products, intentMix };
}

const universeMemo = new Map<World, Universe>();

/**
 * A world's brand/company universe (~2,400 brands, ~1,000 companies); built once per world, memoised.
 * The default world starts with the hand-picked brands (FIXED); any other is coined from its own seed.
 * @param world which world (default: the one docs and tests know)
 */
export function universe(world: World = DEFAULT_WORLD): Universe {
  const memo = universeMemo.get(world);
  if (memo) return memo;
  const r = seeded(world ? `universe:${world}` : 'universe:v1');
  const usedBases = new Set<string>();
  const usedSlugs = new Set<string>();
  const brands: Brand[] = [];
  const companies: Company[] = [];
  const pickHome = (): MarketId => {
    let x = r();
    for (const m of MARKETS) if ((x -= m.weight) < 0) return m.id;
    return 'us';
  };

  const addCompany = (base: string, corp: string, specs: Array<[string, string, string | null]>) => {
    usedBases.add(base.toLowerCase());
    const home = pickHome();
    const company: Company = {
      name: corp === 'Inc' ? `${base} Inc` : `${base} ${corp}`,
      baseName: base,
      sector: specs[0]![1],
      country: MARKETS.find((m) => m.id === home)!.country,
      brands: [],
      founded: 1995 + Math.floor(r() * 29),
      employees: Math.round(10 ** (1.3 + r() * 3.5)),
      monthlyVisits: null,
      channelMix: null,
    };
    // The company's own brands, kept as they are made: filtering every brand made so far, company by
    // company, was a third of the time every service start spends building this universe.
    const own: Brand[] = [];
    for (const [name, sector, ai] of specs) {
      const slug = slugify(name);
      if (usedSlugs.has(slug)) continue;
      usedSlugs.add(slug);
      const markets = MARKETS.filter((m) => m.id === home || r() < 0.7).map((m) => m.id);
      const brand = {
        slug,
        name,
        sector,
        home,
        markets,
        country: company.country,
        company: company.name,
        aiCategory: ai,
        basket: ai ? basketFor(r, sector, ai) : null,
        ranks: { overall: 0, sector: 0, aiCategory: null, markets: {} },
      };
      const made = { ...brand, ...brandMetrics(brand) };
      brands.push(made);
      own.push(made);
      company.brands.push(slug);
    }
    if (r() < 0.8) {
      company.monthlyVisits = Math.round(own.reduce((a, b) => a + b.searchVolume, 0) * (3 + r() * 12));
      company.channelMix = shares(r, CHANNELS, [3, 3, 1, 1.2, 0.8, 0.4]);
    }
    companies.push(company);
  };

  if (!world) for (const f of FIXED) addCompany(f.base, f.corp, f.brands);
  const aiCount = new Map(AI_CATEGORIES.map((c) => [c.id, brands.filter((b) => b.aiCategory === c.id).length]));
  while (brands.length < BRAND_COUNT) {
    const base = coin(r);
    if (usedBases.has(base.toLowerCase()) || base.length > 9) continue;
    const n = Math.min(BRAND_COUNT - brands.length, 1 + Math.floor(r() ** 2 * 4));
    const mainSector = pick(r, SECTOR_DEFS);
    const specs: Array<[string, string, string | null]> = [];
    for (let i = 0; i < n; i++) {
      const sd = i > 0 && r() < 0.3 ? pick(r, SECTOR_DEFS) : mainSector;
      let name = i === 0 && r() < 0.6 ? base : `${base} ${pick(r, sd[2])}`;
      // AI brands are capped, come from sectors that fit their category (least-filled first) and are
      // named for what they do: an AI coding tool is a SaaS or security brand such as "Zorix Code".
      let ai: string | null = null;
      if (r() < AI_SHARE && [...aiCount.values()].reduce((a, b) => a + b, 0) < AI_MAX) {
        const fitting = [...aiCount.entries()].filter(([id]) => AI_FIT[id]!.sectors.includes(sd[0]));
        ai = fitting.sort((a, b) => a[1] - b[1])[0]?.[0] ?? null;
        if (ai) name = `${base} ${pick(r, AI_FIT[ai]!.words)}`;
      }
      if (specs.some((s) => s[0] === name)) continue;
      if (ai) aiCount.set(ai, aiCount.get(ai)! + 1);
      specs.push([name, sd[0], ai]);
    }
    addCompany(base, pick(r, CORP_WORDS), specs);
  }

  // Ranks: by index score (desc), ties broken by slug so the order is total and stable.
  brands.sort((a, b) => b.indexScore - a.indexScore || a.slug.localeCompare(b.slug));
  const counters = new Map<string, number>();
  const next = (k: string) => {
    const v = (counters.get(k) ?? 0) + 1;
    counters.set(k, v);
    return v;
  };
  brands.forEach((b, i) => {
    b.ranks.overall = i + 1;
    b.ranks.sector = next(`s:${b.sector}`);
    if (b.aiCategory) b.ranks.aiCategory = next(`a:${b.aiCategory}`);
    for (const m of b.markets) b.ranks.markets[m] = next(`m:${m}`);
  });

  const byCompanyName = new Map<string, Company>();
  for (const c of companies) {
    byCompanyName.set(normaliseKeyword(c.name), c);
    byCompanyName.set(normaliseKeyword(c.baseName), c);
  }
  const built = { brands, bySlug: new Map(brands.map((b) => [b.slug, b])), companies, byCompanyName };
  universeMemo.set(world, built);
  return built;
}

// ---------------------------------------------------------------- endpoint models

export interface CompanyModel {
  query: string;
  company: Company | null;
}

/** Company lookup: full name ("Acme Group") or base name ("acme"), case-insensitive. */
export function companyData(keyword: string, world: World = DEFAULT_WORLD): CompanyModel {
  const kw = normaliseKeyword(keyword);
  return { query: kw, company: universe(world).byCompanyName.get(kw) ?? null };
}

export interface SectorStats {
  id: string;
  group: string;
  name: string;
  brands: number;
  companies: number;
  aiBrands: number;
  avgIndexScore: number;
  medianGrowthPct: number;
  totalSearchVolume: number;
  demandShare: number;
  topBrand: string;
}
export interface MarketsModel {
  stats: {
    companies: number;
    brands: number;
    sectors: number;
    markets: number;
    aiBrands: number;
    aiCategories: number;
    products: number;
    totalSearchVolume: number;
    avgIndexScore: number;
    medianGrowthPct: number;
  };
  sectors: SectorStats[];
}

const marketsMemo = new Map<World, MarketsModel>();
/** Universe statistics and the cross-industry (per-sector) analysis. */
export function marketsData(world: World = DEFAULT_WORLD): MarketsModel {
  const memo = marketsMemo.get(world);
  if (memo) return memo;
  const u = universe(world);
  const total = u.brands.reduce((a, b) => a + b.searchVolume, 0);
  const avg = (xs: number[]) => round1(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  const sectors = SECTORS.map((s) => {
    const bs = u.brands.filter((b) => b.sector === s.id);
    const vol = bs.reduce((a, b) => a + b.searchVolume, 0);
    return {
      ...s,
      brands: bs.length,
      companies: new Set(bs.map((b) => b.company)).size,
      aiBrands: bs.filter((b) => b.aiCategory).length,
      avgIndexScore: avg(bs.map((b) => b.indexScore)),
      medianGrowthPct: round1(median(bs.map((b) => b.growthPct))),
      totalSearchVolume: vol,
      demandShare: Math.round((vol / total) * 1000) / 1000,
      topBrand: bs[0]?.slug ?? '',
    };
  });
  const built: MarketsModel = {
    stats: {
      companies: u.companies.length,
      brands: u.brands.length,
      sectors: SECTORS.length,
      markets: MARKETS.length,
      aiBrands: u.brands.filter((b) => b.aiCategory).length,
      aiCategories: AI_CATEGORIES.length,
      products: u.brands.reduce((a, b) => a + b.products.length, 0),
      totalSearchVolume: total,
      avgIndexScore: avg(u.brands.map((b) => b.indexScore)),
      medianGrowthPct: round1(median(u.brands.map((b) => b.growthPct))),
    },
    sectors,
  };
  marketsMemo.set(world, built);
  return built;
}

export interface BasketModel extends GroupDef {
  members: Brand[];
  avgIndexScore: number;
}
/** The eight AI industry baskets with their member brands (ranked by index score). */
export function industriesData(world: World = DEFAULT_WORLD): BasketModel[] {
  const u = universe(world);
  return BASKETS.map((b) => {
    const members = u.brands.filter((x) => x.basket === b.id);
    return { ...b, members, avgIndexScore: round1(members.reduce((a, m) => a + m.indexScore, 0) / Math.max(1, members.length)) };
  });
}

export interface GroupSummary extends GroupDef {
  brands: number;
  leader: string;
}
export interface OverviewModel {
  leaders: Brand[];
  breakouts: Brand[];
  aiCategories: GroupSummary[];
  sectors: GroupSummary[];
  markets: GroupSummary[];
}

/** Ranking index overview: leaders, breakouts, and the group values usable with /ranking/list. */
export function rankingOverview(world: World = DEFAULT_WORLD): OverviewModel {
  const u = universe(world);
  const summary = (g: GroupDef): GroupSummary => {
    const list = groupMembers(g.group, world) ?? [];
    return { ...g, brands: list.length, leader: list[0]?.slug ?? '' };
  };
  return {
    leaders: u.brands.slice(0, 10),
    breakouts: u.brands
      .filter((b) => b.indexScore >= 40)
      .sort((a, b) => b.growthPct - a.growthPct || a.slug.localeCompare(b.slug))
      .slice(0, 10),
    aiCategories: [AI_ALL, ...AI_CATEGORIES].map(summary),
    sectors: SECTORS.map(summary),
    markets: MARKETS.map(({ id, group, name }) => summary({ id, group, name })),
  };
}

const groupMemo = new Map<string, Brand[] | undefined>();
/** Brands of a group value (`market:us`, `ai:all`, `ai:chatbots`, `sector:fintech`...) in rank order, or undefined if unknown. */
export function groupMembers(group: string, world: World = DEFAULT_WORLD): Brand[] | undefined {
  const g = group.toLowerCase();
  const memoKey = `${world}\n${g}`;
  if (groupMemo.has(memoKey)) return groupMemo.get(memoKey);
  const [prefix, name] = [g.slice(0, g.indexOf(':')), g.slice(g.indexOf(':') + 1)];
  const all = universe(world).brands;
  let list: Brand[] | undefined;
  if (prefix === 'market' && MARKETS.some((m) => m.id === name)) list = all.filter((b) => b.markets.includes(name as MarketId));
  else if (prefix === 'sector' && SECTORS.some((s) => s.id === name)) list = all.filter((b) => b.sector === name);
  else if (prefix === 'ai' && name === 'all') list = all.filter((b) => b.aiCategory);
  else if (prefix === 'ai' && AI_CATEGORIES.some((c) => c.id === name)) list = all.filter((b) => b.aiCategory === name);
  groupMemo.set(memoKey, list);
  return list;
}

/** Display name of a known group value. */
export function groupName(group: string): string {
  const g = group.toLowerCase();
  return [...MARKETS, ...SECTORS, AI_ALL, ...AI_CATEGORIES].find((x) => x.group === g)?.name ?? g;
}

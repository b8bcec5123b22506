/**
 * What a digest holds: the changes of each scheduled ranking table and tracking list, by the names the
 * sheet shows, kept only where they cross the thresholds; merged with what earlier runs found since the
 * last digest (one digest a day at most), and kept small (a spreadsheet's metadata is 30,000 characters
 * for everything the add-on records there).
 */
import type { TableRecord } from '../tables/table-records';
import type { FoundMoves } from '../tables/table-moves';
import type { TrackedChange } from '../tracking/summary';
import type { TrackRecord } from '../tracking/tracking-records';
import type { AlertSettings } from './alert-settings';

/** What moved in one ranking table. */
export interface TablePart {
  kind: 'table';
  /** The table's id (what merges two runs' findings). */
  id: string;
  /** How the mail names it: its group and sheet. */
  title: string;
  moves: FoundMoves;
}

/** What changed in one tracking list. */
export interface ListPart {
  kind: 'list';
  id: string;
  title: string;
  changes: TrackedChange[];
}

/** One table's or list's part of a digest. */
export type DigestPart = TablePart | ListPart;

/**
 * A table's part, named as the sheet shows it: its group and its sheet.
 * @param table the table
 * @param moves what moved in it
 */
export function tablePart(table: TableRecord, moves: FoundMoves): TablePart {
  return { kind: 'table', id: table.id, title: `Ranking “${table.name ?? table.group}” (sheet “${table.sheetName}”)`, moves };
}

/**
 * A tracking list's part, named as its sheet's stamp names it.
 * @param list the list
 * @param changes what changed in it
 */
export function listPart(list: TrackRecord, changes: TrackedChange[]): ListPart {
  return { kind: 'list', id: list.id, title: `Tracking “${list.name}” (sheet “${list.sheetName}”)`, changes };
}

/** The most changes a digest keeps of one table or list: the rest is counted, not listed. */
export const MAX_LINES = 25;
/** The most characters the parts waiting for the next digest may take in the spreadsheet's metadata. */
const MAX_WAITING_CHARS = 4_000;

/**
 * A tracked value's change in percent of its previous value (Infinity from 0 to anything else).
 * @param change the change
 */
export function percentOf(change: TrackedChange): number {
  if (change.from === 0) return change.to === 0 ? 0 : Infinity;
  return ((change.to - change.from) / Math.abs(change.from)) * 100;
}

/**
 * The parts with only what crosses the thresholds (a kind set to null keeps nothing), empty parts left out.
 * @param parts what a run found, or what the sheets show
 * @param settings the thresholds
 */
export function crossing(parts: DigestPart[], settings: AlertSettings): DigestPart[] {
  const out: DigestPart[] = [];
  for (const part of parts) {
    if (part.kind === 'table') {
      const places = settings.rankPlaces;
      if (places === null) continue;
      const { moved, entered, dropped } = part.moves;
      const kept = { moved: moved.filter((m) => Math.abs(m.from - m.to) >= places), entered, dropped };
      if (kept.moved.length + entered.length + dropped.length) out.push({ ...part, moves: kept });
    } else {
      const percent = settings.changePercent;
      if (percent === null) continue;
      const changes = part.changes.filter((c) => Math.abs(percentOf(c)) >= percent);
      if (changes.length) out.push({ ...part, changes });
    }
  }
  return out;
}

/** How many changes a part names. */
export function changeCount(part: DigestPart): number {
  return part.kind === 'list' ? part.changes.length : part.moves.moved.length + part.moves.entered.length + part.moves.dropped.length;
}

/**
 * What waited since the last digest, with a new run's findings: a table's or list's newest finding of an
 * entry replaces the older one (an entry that moved twice keeps the rank it had at the last digest), and
 * the whole is cut to fit the metadata, the newest kept.
 * @param waiting what waited
 * @param fresh what this run found (already past the thresholds)
 */
export function mergeParts(waiting: DigestPart[], fresh: DigestPart[]): DigestPart[] {
  const out = waiting.map((p) => ({ ...p }));
  for (const part of fresh) {
    const i = out.findIndex((p) => p.kind === part.kind && p.id === part.id);
    const old = out[i];
    if (!old) out.push(part);
    else out[i] = merged(old, part);
  }
  while (out.length && JSON.stringify(out).length > MAX_WAITING_CHARS) {
    const first = out[0]!;
    if (changeCount(first) > 1) out[0] = trimmed(first);
    else out.shift();
  }
  return out;
}

function merged(old: DigestPart, part: DigestPart): DigestPart {
  if (old.kind === 'list' && part.kind === 'list') {
    const fresh = new Map(part.changes.map((c) => [c.item, c]));
    const kept = old.changes.filter((c) => !fresh.has(c.item)).concat(part.changes);
    return { ...part, changes: kept.map((c) => ({ ...c, from: old.changes.find((o) => o.item === c.item)?.from ?? c.from })) };
  }
  if (old.kind === 'table' && part.kind === 'table') {
    const names = (p: TablePart) => new Set([...p.moves.moved, ...p.moves.entered, ...p.moves.dropped].map((e) => e.name));
    const fresh = names(part);
    const stay = <T extends { name: string }>(list: T[]) => list.filter((e) => !fresh.has(e.name));
    const from = new Map(old.moves.moved.map((m) => [m.name, m.from]));
    return {
      ...part,
      moves: {
        moved: [...stay(old.moves.moved), ...part.moves.moved.map((m) => ({ ...m, from: from.get(m.name) ?? m.from }))],
        entered: [...stay(old.moves.entered), ...part.moves.entered],
        dropped: [...stay(old.moves.dropped), ...part.moves.dropped],
      },
    };
  }
  return part;
}

/** A part less its oldest change. */
function trimmed(part: DigestPart): DigestPart {
  if (part.kind === 'list') return { ...part, changes: part.changes.slice(1) };
  const { moved, entered, dropped } = part.moves;
  if (moved.length) return { ...part, moves: { moved: moved.slice(1), entered, dropped } };
  if (entered.length) return { ...part, moves: { moved, entered: entered.slice(1), dropped } };
  return { ...part, moves: { moved, entered, dropped: dropped.slice(1) } };
}

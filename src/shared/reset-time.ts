/**
 * The one reset time of a daily limit, and how every message, the sidebar and the docs say it. The
 * specification does not show when the daily windows reset, so the time is the service's own: the one
 * it names (a usage read's or a refusal's reset field), else now plus its `Retry-After`. Each is kept to
 * the nearest minute here, the one place a reset time is made, so one reset reads the same everywhere:
 * a relative `Retry-After` added to a clock a few seconds (or, in a slow execution, a minute) off would
 * otherwise say 00:00, 00:01 and 00:02 UTC for one reset.
 */
import { DAY_MS } from './day';

const MINUTE_MS = 60_000;

/**
 * A reset instant as the add-on keeps it: to the nearest minute.
 * @param ms the reset as learnt (ms)
 */
export function resetInstant(ms: number): number {
  return Math.round(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * A reset time in words, as every message says it: `00:00 UTC`, with its day (`2026-12-08 00:00 UTC`)
 * when it is not within the next 24 hours.
 * @param resetAt the reset (ms)
 * @param now the time (ms)
 */
export function resetClock(resetAt: number, now: number): string {
  const iso = new Date(resetInstant(resetAt)).toISOString();
  const within = resetAt - now < DAY_MS;
  return `${within ? iso.slice(11, 16) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`} UTC`;
}

/**
 * When something held back by a daily limit is fetched, in words: `after 00:00 UTC`, or `after the reset`
 * when the service named no time.
 * @param resetAt the reset (ms), or null when not known
 * @param now the time (ms)
 */
export function afterReset(resetAt: number | null, now: number): string {
  return resetAt === null ? 'after the reset' : `after ${resetClock(resetAt, now)}`;
}

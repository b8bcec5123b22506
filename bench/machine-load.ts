/** What a bench section says of the machine it ran on. */
import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages: this machine is shared, which stretches every time measured. */
export function loadAverage(): string {
  return loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
}

/**
 * The usage section's summary, read from what the section shows (sections/usage.ts renders it), so the
 * closed heading repeats the same figures whatever the section computes them from.
 */

/**
 * Each bar's label and numbers ("Fresh searches 12 of 250 · API calls 30 of 2,000"), else the section's
 * line about the read ("Not read yet…"); a warning when a bar is full.
 * @param body the usage section's body
 */
export function usageSummary(body: ParentNode): { text: string; warn: boolean } {
  const bars = [...body.querySelectorAll('.bar')];
  const text = bars.length
    ? bars
        .map((bar) =>
          [bar.querySelector('.bar-label span')?.textContent, bar.querySelector('.bar-numbers')?.textContent].filter(Boolean).join(' '),
        )
        .join(' · ')
    : (body.querySelector('#usage-meta')?.textContent ?? '');
  return { text, warn: bars.some((bar) => bar.classList.contains('bar-full')) };
}

/** Keyword columns as users fill them: mostly distinct, with repeats and case/space variants. */

/**
 * A column of `n` cells of which about 40 % repeat an earlier keyword, as is or as a case/space variant.
 * Deterministic for a given n and seed.
 * @param n number of cells
 * @param prefix makes keywords unique to one scenario, so the service's 7-day cache starts cold
 * @returns the cells and the number of distinct keywords after normalising
 */
export function keywordColumn(n: number, prefix: string): { cells: string[]; distinct: number } {
  let seed = n * 7919 + prefix.length;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = ['bike', 'coffee', 'solar', 'shoes', 'yoga', 'phone', 'garden', 'tent', 'vegan', 'laptop'];
  const cells: string[] = [];
  const seen: string[] = [];
  for (let i = 0; i < n; i++) {
    if (seen.length && random() < 0.4) {
      const earlier = seen[Math.floor(random() * seen.length)] as string;
      const variant = Math.floor(random() * 3);
      cells.push(variant === 0 ? earlier : variant === 1 ? earlier.toUpperCase() : `  ${earlier.replace(/ /g, '  ')} `);
    } else {
      const keyword = `${prefix} ${words[i % words.length]} ${i}`;
      seen.push(keyword);
      cells.push(keyword);
    }
  }
  return { cells, distinct: seen.length };
}

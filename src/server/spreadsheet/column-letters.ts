/** Column letters as A1 notation writes them: 1 is A, 26 is Z, 27 is AA. The product's one conversion. */

/**
 * The letters of a column number ('' for 0 or less).
 * @param column 1-based column number
 */
export function columnLetters(column: number): string {
  return column <= 0 ? '' : columnLetters(Math.floor((column - 1) / 26)) + String.fromCharCode(65 + ((column - 1) % 26));
}

/**
 * The column number of its letters, in either case: A is 1, AA is 27.
 * @param letters one or more letters A to Z
 */
export function columnNumber(letters: string): number {
  let column = 0;
  for (const ch of letters.toUpperCase()) column = column * 26 + ch.charCodeAt(0) - 64;
  return column;
}

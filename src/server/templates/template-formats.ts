/**
 * The number formats of a template's formula columns, decided at insert time from the answers the plan
 * was made from (the formulas' values do not exist yet: Sheets computes them after the sheet is
 * written), as Format results would decide them from the values (shape/number-formats.ts).
 */
import { headerWords, readableCell, selectPath, seriesFormat, type Json } from '../shape/shape';

/**
 * The format of what a formula shows of `field` across the answers (a list's items each count), or null.
 * @param field the field's path in the answers
 * @param answers the answers the plan was made from
 * @param timeZone the spreadsheet's
 */
export function fieldFormat(field: string, answers: Json[], timeZone: string): string | null {
  const values = answers.flatMap((data) => {
    const picked = selectPath(data, field);
    if (!picked.ok) return [];
    return (Array.isArray(picked.value) ? picked.value : [picked.value]).map((v) => readableCell(v, timeZone));
  });
  return seriesFormat(headerWords(field), values, timeZone);
}

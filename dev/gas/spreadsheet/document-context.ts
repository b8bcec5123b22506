/**
 * What the document objects of one execution share. It sits below the script-facing fakes: sheets.ts
 * makes the Spreadsheet, Sheet and Range handles and calls the parts that hand such handles out again
 * (charts, conditional formats, named ranges, developer metadata); those parts reach the handles through
 * `handles` here, so they need not import sheets.ts back.
 */
import type { Execution } from '../execution/execution.js';
import type { GasObject } from '../execution/service.js';
import type { GridRect, SheetModel, SpreadsheetModel, ToastRecord } from './sheet-model.js';

/** The script-facing Spreadsheet, Sheet and Range handles (sheets.ts makes them). */
export interface DocumentHandles {
  spreadsheet(ctx: DocumentContext): GasObject;
  sheet(ctx: DocumentContext, sheet: SheetModel): GasObject;
  range(ctx: DocumentContext, sheet: SheetModel, rect: GridRect): GasObject;
  /** Where a Range the script passed back lies (its sheet must not be deleted); undefined for any other value. */
  rangeLocation(value: unknown): { sheet: SheetModel; rect: GridRect } | undefined;
}

/** What the document objects of one execution share (one per spreadsheet the execution holds). */
export interface DocumentContext {
  exec: Execution;
  book: SpreadsheetModel;
  toasts: ToastRecord[];
  /** The script project's id: PROJECT-visible developer metadata belongs to it. */
  projectId: string;
  /** An email as this execution may show it: the address, or "" where Google hides it (session.ts). */
  showEmail: (email: string) => string;
  handles: DocumentHandles;
}

/** Refuses a write in a custom function (Google names only the method) and counts it. */
export function checkWrite(ctx: DocumentContext, method: string): void {
  if (ctx.exec.authMode === 'CUSTOM_FUNCTION') throw ctx.exec.refuse(method);
  ctx.book.stats.writes++;
}

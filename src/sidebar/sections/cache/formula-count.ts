/**
 * The cache section's count: how many cells hold the add-on's formulas and what refreshing them would
 * send, counted by the server without a request and worded against the last usage read (whose key the
 * formulas spend decides whether that read is theirs). The heading's line repeats it.
 */
import type { RefreshEstimate, UsageRead } from '../../../shared/sidebar-api';
import type { App } from '../../app';
import { cacheSummary, cellsText } from '../../cache-model';
import { byId, show } from '../../dom';
import { estimateModel, type EstimateModel } from '../../estimate-model';
import { formulasUseYourKey } from '../../key-model';
import { call } from '../../server';
import type { StatusLine } from '../../status';

/** The count's part of the section. */
export interface FormulaCount {
  /**
   * Counts again and shows it (counts asked for at once, on opening and on focus, share one call);
   * false when the count failed. Before a refresh, what is left is read first when no current read says
   * it (one request, which the refresh would send anyway): the question and the refresh then count the same.
   * @param where where a failure is told; null: nowhere
   * @param readUsage read what is left first when no current read says it (before a refresh)
   */
  count(where: StatusLine | null, readUsage?: boolean): Promise<boolean>;
  /** The last count, or null before one came. */
  estimate(): RefreshEstimate | null;
  /** The last count worded for this viewer, or null before one came. */
  model(): EstimateModel | null;
  /**
   * Words the count against a new usage read.
   * @param read the last read, or null
   */
  setUsage(read: UsageRead | null): void;
}

/**
 * Binds the count's lines.
 * @param app the settings (whose key formulas spend)
 * @param summarise told the line beside the section's heading whenever the count changes
 */
export function mountFormulaCount(app: App, summarise: (text: string) => void): FormulaCount {
  const cells = byId('cache-cells', HTMLParagraphElement);
  const estimateLine = byId('cache-estimate', HTMLParagraphElement);
  let estimate: RefreshEstimate | null = null;
  let usage: UsageRead | null = null;
  /** The count in flight, so reads asked for at once (opening, focus) share one call. */
  let counting: Promise<boolean> | null = null;

  const model = (): EstimateModel | null =>
    estimate && estimateModel(estimate, usage, app.settings ? formulasUseYourKey(app.settings) : false);

  const render = (): void => {
    if (estimate) {
      cells.textContent = cellsText(estimate);
      summarise(cacheSummary(estimate));
    }
    estimateLine.textContent = model()?.text ?? '';
    show(estimateLine, estimateLine.textContent !== '');
  };

  return {
    count(where, readUsage = false) {
      counting ??= call('estimateRefresh', readUsage)
        .then((next) => {
          estimate = next;
          render();
          return true;
        })
        .catch((error: unknown) => {
          where?.error(error);
          return false;
        })
        .finally(() => (counting = null));
      return counting;
    },
    estimate: () => estimate,
    model,
    setUsage(read) {
      usage = read;
      render();
    },
  };
}

/**
 * The guard of every public function but the formulas: what the action needs is checked before it acts
 * (execution/permissions.ts words a missing permission), then it runs under execution/error-guard.ts's guard, which
 * logs what it did not expect. Kept out of the formulas' bundle: a cell checks nothing before it fetches
 * (custom functions may not call ScriptApp) and logs nothing (nor console).
 */
import { guard } from '../execution/error-guard';
import { requirePermissions, type PermissionName } from '../execution/permissions';
import { settleAfterAction } from '../log-sheet/log-flush';

/**
 * Runs a menu item, sidebar call or trigger: what it needs checked first, then the body, with guard's
 * words for anything unexpected; then what it sent goes into the request log while that is on
 * (log-sheet/log-flush.ts), with the formulas' batches waiting when the sidebar opens or a menu item runs.
 * Formulas do not come here: Google's refusal of their fetch says what is missing (cell/custom-functions.ts).
 * @param name the public function's own name (index.ts; test/build/public-functions.test.ts checks it)
 * @param needs the permissions its feature needs, as index.ts declares them beside the function: none for
 *   one that reads only the add-on's own stored settings or cache
 * @param body what it does
 */
export function guardAction<T>(name: string, needs: readonly PermissionName[], body: () => T): T {
  return guard(
    name,
    () => {
      requirePermissions(needs);
      try {
        return body();
      } finally {
        settleAfterAction(name);
      }
    },
    (line) => console.error(line),
  );
}

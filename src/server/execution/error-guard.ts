import { AddonError, messageOf } from '../errors/errors';
import { permissionErrorOf } from './permissions';

/**
 * Runs a public function so that the user only ever sees our own messages: an AddonError passes
 * through; anything else is logged (type and message only, where `log` is given) and replaced by a
 * plain sentence. A formula passes no `log`: console is not a service Google lets custom functions call.
 * @param name the public function, for the log
 * @param body its work
 * @param log where an unexpected error's line goes (ui/action-guard.ts: console.error)
 */
export function guard<T>(name: string, body: () => T, log?: (line: string) => void): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof AddonError) throw error;
    // A refusal the check could not foresee (Google gave no answer to it) is still a missing permission.
    const permission = permissionErrorOf(error);
    if (permission) throw permission;
    log?.(`${name}: unexpected ${error instanceof Error ? `${error.name}: ${error.message}` : typeof error}`);
    // No `cause`: the replacement exists to keep the original (and what its message may quote) from the
    // user, and the line above has logged it (outside formulas); the ES2020 lib has no ErrorOptions anyway.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(messageOf(error));
  }
}

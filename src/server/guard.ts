import { AddonError, messageOf } from './errors';

/**
 * Runs a public function so that the user only ever sees our own messages: an AddonError passes
 * through; anything else is logged (type and message only) and replaced by a plain sentence.
 * @param name the public function, for the log
 * @param body its work
 */
export function guard<T>(name: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof AddonError) throw error;
    console.error(`${name}: unexpected ${error instanceof Error ? `${error.name}: ${error.message}` : typeof error}`);
    throw new Error(messageOf(error));
  }
}

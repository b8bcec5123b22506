/**
 * Typecheck-only: the sidebar's calls are typed by the server's own functions, the one list of them
 * (src/sidebar/server.ts takes names, arguments and results from src/server/index.ts's exports). A name
 * the server does not export, an argument of the wrong type and a result read as another type each fail
 * `npm run typecheck` (tsc -b, which takes test/); nothing imports this file and nothing runs it.
 */
import type { ArgsOf, ServerFunctions, call } from '../../src/sidebar/server';
import type { FreezeScope, InsertTableRequest, SettingsView } from '../../src/shared/sidebar-api';

/** Fails typecheck unless A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(holds: Same<A, B>): Same<A, B> => holds;

// The server's `Sent<T>` parameters reach the sidebar as T, optional ones staying optional.
export const ARGS_ARE_THE_SENT_TYPES = [
  same<ArgsOf<ServerFunctions['freezeResults']>, [scope: FreezeScope]>(true),
  same<ArgsOf<ServerFunctions['saveApiKey']>, [key: string, shareWithDocument: boolean, address?: string]>(true),
  same<ArgsOf<ServerFunctions['insertRankingTable']>, [request: InsertTableRequest]>(true),
  same<ArgsOf<ServerFunctions['getSettings']>, []>(true),
];

/** Never called: its calls are here to be typechecked. */
export function sidebarCallsAreChecked(sidebarCall: typeof call): void {
  // @ts-expect-error a name src/server/index.ts does not export fails
  void sidebarCall('getSettingz');
  // @ts-expect-error an argument of another type fails (forgetTable's id is a string)
  void sidebarCall('forgetTable', 42);
  // @ts-expect-error a missing argument fails
  void sidebarCall('setKeySharing');
  // @ts-expect-error what the server reads as not yet checked is nothing the sidebar can send
  void sidebarCall('insertRankingTable', { notCheckedYet: true });
  // @ts-expect-error the result is the server function's own type
  const wrong: Promise<string> = sidebarCall('getSettings');
  const right: Promise<SettingsView> = sidebarCall('saveApiKey', 'key', false);
  void wrong;
  void right;
}

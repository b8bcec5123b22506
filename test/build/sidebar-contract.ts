/**
 * Typecheck-only: the server's exported sidebar functions match the contract (src/shared/sidebar-api.ts).
 * Each must exist, accept the contract's arguments (the server may type them `unknown`, since they cross
 * a trust boundary) and return what the contract says. Nothing imports it: npm run typecheck
 * (tsc -p tsconfig.json, which takes test/) checks it, and it stays out of src/server, above index.ts.
 */
import type { SidebarApi } from '../../src/shared/sidebar-api';
import type * as Server from '../../src/server/index';

/** What the server must export for each contract function: callable with its arguments, returning its result. */
type ServerSide = { [K in keyof SidebarApi]: (...args: Parameters<SidebarApi[K]>) => ReturnType<SidebarApi[K]> };

/** Fails typecheck (naming the function) when an export is missing or does not fit. */
type Conforms<T extends ServerSide> = T;

export type SidebarContractHolds = Conforms<Pick<typeof Server, keyof SidebarApi>>;

/** dev/gas: a local Apps Script runtime with strict fakes. See README.md. */
export {
  GasRuntime,
  defaultAuthMode,
  defaultTimeLimitMs,
  triggerEvent,
  type ExecutionResult,
  type GasRuntimeOptions,
  type RunOptions,
} from './runtime.js';
export { TIMEOUT_MESSAGE, type AuthMode, type ExecutionMode, type LogEntry } from './execution.js';
export { CACHE_LIMITS, CacheStore, MemoryCacheBackend, type CacheBackend, type CacheEntry, type CacheStores } from './cache.js';
export {
  PROPERTY_LIMITS,
  QUOTA_MESSAGE,
  PropertyStore,
  MemoryPropertiesBackend,
  type PropertiesBackend,
  type PropertyStores,
} from './properties.js';
export { LOCK_TIMEOUT_MESSAGE, LockRegistry, MemoryLockBackend, type LockBackend, type LockScope } from './lock.js';
export { URL_FETCH_LIMITS, USER_AGENT, titleCaseHeader, type FetchLogEntry } from './url-fetch.js';
export { MAX_CELL_TEXT, type CellValue } from './result.js';
export { MAX_SLEEP_MS } from './utilities.js';
export { RuntimeClock } from './clock.js';
export type { MenuEntry, MenuRecord, SpreadsheetModel, UiLog } from './spreadsheet.js';

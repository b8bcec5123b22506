/** dev/gas: a local Apps Script runtime with strict fakes. See README.md: its folders, RULES.md and API.md. */
export {
  GasRuntime,
  RUNTIME_DEFAULTS,
  defaultAuthMode,
  defaultTimeLimitMs,
  triggerEvent,
  type EvaluateOptions,
  type Evaluation,
  type ExecutionResult,
  type FailureNotification,
  type FireOptions,
  type FiredTrigger,
  type GasRuntimeOptions,
  type RunOptions,
} from './runtime/runtime.js';
export { TIMEOUT_MESSAGE, type AuthMode, type ExecutionMode, type LogEntry, type RefusedCall } from './execution/execution.js';
export { ANONYMOUS_USER, refusedInCustomFunction } from './execution/custom-function-services.js';
export { DEFAULT_LATENCY, type CallReport, type LatencyKind, type LatencySetting, type LatencyTable } from './execution/latency.js';
export {
  CACHE_LIMITS,
  CacheStore,
  DEFAULT_EARLY_REMOVAL,
  MemoryCacheBackend,
  type CacheBackend,
  type CacheEntry,
  type CacheStores,
  type EarlyRemoval,
} from './services/cache.js';
export {
  PROPERTY_LIMITS,
  QUOTA_MESSAGE,
  PropertyStore,
  MemoryPropertiesBackend,
  type PropertiesBackend,
  type PropertyStores,
} from './services/properties.js';
export { LOCK_TIMEOUT_MESSAGE, LockRegistry, MemoryLockBackend, type LockBackend, type LockScope } from './services/lock.js';
export { URL_FETCH_LIMITS, USER_AGENT, titleCaseHeader, type FetchLogEntry } from './services/url-fetch.js';
export { MAIL_DAILY_RECIPIENTS, MAIL_LIMITS, MAIL_MESSAGES, MailQuota, SEND_MAIL_SCOPE, type OutboxMail } from './services/mail.js';
export {
  DAILY_QUOTAS,
  DEFAULT_SHORT_TIME_LIMITS,
  QUOTA_EXCEEDED_MESSAGES,
  MemoryQuota,
  SHORT_TIME_MESSAGES,
  SlidingWindow,
  TRIGGER_RUNTIME_DAILY_MS,
  TRIGGER_RUNTIME_MESSAGE,
  TriggerRuntimeQuota,
  type DailyQuota,
  type ShortTimeLimit,
  type TriggerRuntimeUse,
} from './execution/quota.js';
export { SCOPES, checkManifest, grantsScope, readManifest, type Manifest } from './execution/manifest.js';
export {
  AUTHORIZATION_REQUIRED_MESSAGE,
  AUTHORIZATION_STATUS,
  ConsentStore,
  authorizationUrl,
  type ConsentPrompt,
} from './execution/consent.js';
export { matchesPrefix, notAllowlistedMessage, prefixProblem, urlAllowed } from './execution/allowlist.js';
export { DOCUMENT_MESSAGES, type RememberedResult, type SpreadsheetSpec } from './spreadsheet/documents.js';
export { RememberedResults, rememberKey } from './spreadsheet/remembered-results.js';
export { FORMULA_ERRORS, FORMULA_MESSAGES, type RecalcEntry } from './spreadsheet/recalculate.js';
export { parseCustomCall, type ArgExpr, type CallExpr } from './spreadsheet/formula-call.js';
export {
  DEVELOPER_METADATA_LIMITS,
  DEVELOPER_METADATA_MESSAGES,
  DeveloperMetadataStore,
  type DeveloperMetadataRecord,
  type MetadataSpec,
  type MetadataVisibility,
} from './spreadsheet/developer-metadata-store.js';
export { NAMED_RANGE_MESSAGES, NamedRangeStore, namedRangeProblem, type NamedRangeRecord } from './spreadsheet/sheet-model.js';
export { MAX_CELL_TEXT, type CellValue } from './execution/result.js';
export { MAX_SLEEP_MS } from './services/utilities.js';
export { RuntimeClock } from './execution/clock.js';
export { mapSources, readProject, type ScriptFile } from './execution/project.js';
export type { MenuEntry, MenuRecord, UiLog } from './spreadsheet/spreadsheet.js';
export {
  SPREADSHEET_LIMITS,
  SPREADSHEET_MESSAGES,
  SheetModel,
  SpreadsheetModel,
  type Cell,
  type CellFormat,
  type CellInput,
  type FormulaSite,
  type GridRect,
  type ToastRecord,
} from './spreadsheet/sheet-model.js';
export { STRUCTURE_MESSAGES } from './spreadsheet/sheets.js';
export {
  CHART_MESSAGES,
  CHART_TYPES,
  chartData,
  chartDomain,
  chartOption,
  type ChartData,
  type ChartDomain,
} from './spreadsheet/charts.js';
export type { ChartModel } from './spreadsheet/sheet-model.js';
export {
  CELL_TOO_LONG_MESSAGE,
  displayValue,
  parseEntered,
  serialNumber,
  zonedEpoch,
  type CellValue as SheetCellValue,
} from './spreadsheet/cell-values.js';
export { MAX_COLUMNS, a1Notation, columnLetters, columnNumber, parseA1 } from './spreadsheet/a1.js';
export {
  AUTO_RESIZE_BOUNDS,
  ColumnWidths,
  DEFAULT_COLUMN_WIDTH,
  TEXT_WIDTH_RULE,
  fittedWidth,
  textWidth,
} from './spreadsheet/column-widths.js';
export { stringOf } from './execution/realm.js';
export {
  TRIGGER_LIMITS,
  TRIGGER_MESSAGES,
  TriggerStore,
  nextRunAfter,
  type ClockSchedule,
  type TriggerEventType,
  type TriggerRecord,
  type WeekDay,
} from './triggers/triggers.js';
export {
  GasWorkerPool,
  SIMULTANEOUS_EXECUTIONS_LIMIT,
  SIMULTANEOUS_EXECUTIONS_MESSAGE,
  type GasWorkerPoolOptions,
  type PoolExecutionResult,
} from './pool/pool.js';

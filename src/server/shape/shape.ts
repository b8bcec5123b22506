/** JSON-to-cells shaping: pure functions, no Apps Script services, no state. */
export type { Cell, Grid, Json, JsonObject } from './types';
export { isObject } from './types';
export { normaliseName, listForMessage } from './names';
export { toCell, rectangular, transpose } from './cell-values';
export { listPaths, selectPath, type Selection } from './paths';
export { flattenToTable, type Table } from './flatten';
export { valueToGrid, tableToGrid, scalarFields, rowsUnderUnionHeader, NO_DATA } from './grid';
export { findScore, type ScoreResult } from './score';
export { headerWords, inSentence, singularWords } from './words';
export { isInstant, isoDate, wallClock, zoneLabel, zoneName, type TimeZone } from './dates';
export { isCodeOf, nameOf, namedCodesIn, readsAsCode, repeatedCodes } from './codes';
export { readableGrid, readableCell, AS_OF, MAX_WIDTH, type ReadableOptions } from './readable';
export { selectByName, selectByWords, unknownFieldMessage } from './field-words';
export { didYouMean, nearestFirst, comparable } from './nearest';
export { NUMBER_FORMATS, blockFormats, columnFormats, seriesFormat, type ResultHint } from './number-formats';
export { SERVICE_MARK, serviceChangeColumns, withServiceMarks } from './service-change';

/**
 * Builds the probe (docs/develop/probe.md): the files a maintainer pastes into a spreadsheet's
 * Extensions › Apps Script, or pushes with clasp, to try on real Google every rule dev/gas/RULES.md
 * marks as our stricter reading or Google's silence (the cases of scripts/probe/cases.ts).
 *
 * - Probe.gs: scripts/probe/script.ts bundled as one plain script (not minified, no eval), inside the
 *   one global ProbeKit, then the top-level functions Sheets calls by name: onOpen, the menu's items,
 *   the trigger's handler and the custom function PROBE.
 * - ProbeSecond.gs: one line that marks, at load, that the project's second file was loaded too.
 * - appsscript.json: the scopes the probe needs, spreadsheets.currentonly among them (the self-install's).
 */
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROBE_CASES } from './cases.ts';
import { FIGURES } from './figures.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What a maintainer's probe fetches: Google's own connectivity check, made to be asked often (HTTP 204, no body). */
export const GOOGLE_FETCH_URL = 'https://www.gstatic.com/generate_204';

/** The probe's files, in the order the guide pastes them. */
export const PROBE_FILES = ['Probe.gs', 'ProbeSecond.gs', 'appsscript.json'] as const;

/** The scopes the probe asks for, each for what it tries. */
export const PROBE_SCOPES: readonly string[] = [
  // This spreadsheet only, as the self-install asks: openById must be refused.
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
  // The menu.
  'https://www.googleapis.com/auth/script.container.ui',
  // The one-time trigger, and the cases about triggers.
  'https://www.googleapis.com/auth/script.scriptapp',
  // The fetch cases (Google's connectivity check).
  'https://www.googleapis.com/auth/script.external_request',
  // The mail cases: the one mail Start sends, to the maintainer's own address.
  'https://www.googleapis.com/auth/script.send_mail',
  // Emails: who edits the spreadsheet, whether the editor's step runs as the owner.
  'https://www.googleapis.com/auth/userinfo.email',
];

/** The global the bundle lives in; the top-level functions call into it. */
const NAMESPACE = 'ProbeKit';

/** The top-level functions Sheets calls by name: onOpen, the menu's items, the trigger, the custom function. */
const TOP_LEVEL = `
/** Builds the Probe menu (Sheets runs it as a simple trigger when the spreadsheet opens). */
function onOpen(e) {
  ${NAMESPACE}.onOpen(e);
}

/** Probe › 1. Start the probe. */
function probeStart() {
  ${NAMESPACE}.probeStart();
}

/** Probe › 2. Collect the results. */
function probeCollect() {
  ${NAMESPACE}.probeCollect();
}

/** Probe › Editor: read the owner's properties as me. */
function probeEditor() {
  ${NAMESPACE}.probeEditor();
}

/** Probe › Remove the probe's trigger and data. */
function probeRemove() {
  ${NAMESPACE}.probeRemove();
}

/** The one-time trigger Start makes; it removes itself. */
function probeTrigger(e) {
  ${NAMESPACE}.probeTrigger(e);
}

/**
 * Runs a probe case inside a formula, as Sheets runs custom functions.
 * @param {string} id the case, or "formulas" for every case tried in one formula
 * @param {number} mark the run's mark, so Sheets runs the formula afresh
 * @return what the case answers
 * @customfunction
 */
function PROBE(id, mark) {
  return ${NAMESPACE}.PROBE.apply(null, arguments);
}
`;

/** The second file: it only marks, at load, that it was loaded. */
const SECOND_FILE = `// Search Demand probe, second file: it only marks that Apps Script loaded it. The probe's formulas
// read the mark to see whether every script file of a project is loaded in every execution.
var PROBE_SECOND_FILE_LOADED = true;
`;

/** dev/gas's figures as plain numbers in the bundle, in place of scripts/probe/figures.ts (which imports dev/gas). */
const figuresAsData: Plugin = {
  name: 'probe-figures',
  setup(builder) {
    builder.onResolve({ filter: /\/figures\.ts$/ }, (args) => ({ path: args.path, namespace: 'probe-figures' }));
    builder.onLoad({ filter: /.*/, namespace: 'probe-figures' }, () => ({
      contents: `export const FIGURES = ${JSON.stringify(FIGURES, null, 2)};\n`,
      loader: 'ts',
    }));
  },
};

/** What `npm run probe` builds: each file's name and text. */
export interface ProbeBuild {
  files: Array<{ name: (typeof PROBE_FILES)[number]; source: string }>;
  manifest: { timeZone: string; runtimeVersion: string; exceptionLogging: string; oauthScopes: string[] };
}

/**
 * Builds the probe's files.
 * @param options fetchUrl: what the fetch cases ask (default Google's connectivity check; the tests
 *   give the local stand-in service's address)
 */
export async function buildProbe(options: { fetchUrl?: string } = {}): Promise<ProbeBuild> {
  const fetchUrl = options.fetchUrl ?? GOOGLE_FETCH_URL;
  const bundle = await build({
    entryPoints: [join(ROOT, 'scripts/probe/script.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: NAMESPACE,
    target: 'es2020',
    platform: 'neutral',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    define: { __PROBE_FETCH_URL__: JSON.stringify(fetchUrl) },
    plugins: [figuresAsData],
  });
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const header = [
    `// Search Demand probe (built with the add-on's ${version}): ${PROBE_CASES.length} cases, each a rule of dev/gas/RULES.md`,
    "// tried on real Google beside what dev/gas does. Paste it into a new spreadsheet's Extensions › Apps Script",
    '// with ProbeSecond.gs and appsscript.json, reload the spreadsheet, then use its Probe menu.',
    "// How to run it and read the sheet it writes: docs/develop/probe.md in the add-on's repository.",
    '// Generated by npm run probe from scripts/probe/: change the cases there, not here.',
    '',
  ].join('\n');
  const manifest = {
    timeZone: 'Etc/UTC',
    runtimeVersion: 'V8',
    exceptionLogging: 'STACKDRIVER',
    oauthScopes: [...PROBE_SCOPES],
  };
  return {
    files: [
      { name: 'Probe.gs', source: `${header}${bundle.outputFiles[0]!.text}${TOP_LEVEL}` },
      { name: 'ProbeSecond.gs', source: SECOND_FILE },
      { name: 'appsscript.json', source: `${JSON.stringify(manifest, null, 2)}\n` },
    ],
    manifest,
  };
}

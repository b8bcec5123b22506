/**
 * A template's examples that come from the service (the brand watch's: the first brands its ranking
 * overview names; the share of search's: those brands' names): which queries they make, known before inserting only when the answer that names them
 * is in the document cache (read there, no request), and the slugs themselves once it is read.
 */
import { readSubject } from '../spreadsheet/input';
import { dryRun, queryKey } from '../spending/dry-run';
import type { Json } from '../shape/shape';
import type { ExamplesFrom, TemplateDefinition, TemplateQuery } from './template-catalog';
import { exampleBrands } from './template-fields';

/** A template's queries as far as they are known now; `unknown`: examples still to be read. */
export interface KnownQueries {
  queries: TemplateQuery[];
  unknown: ExamplesFrom | null;
}

/**
 * The queries a template sends: its own, and its examples' when the answer naming them is cached (one
 * cache round trip and the lookup settings' property reads; nothing is sent).
 * @param template the template
 */
export function knownQueries(template: TemplateDefinition): KnownQueries {
  const examples = template.examples;
  if (!examples) return { queries: template.queries, unknown: null };
  const source = cachedAnswer(examples.source);
  if (source === null) return { queries: template.queries, unknown: examples };
  return { queries: [...template.queries, ...exampleQueries(examples, source)], unknown: null };
}

/**
 * The examples' queries, from the answer that names them (normalised as a formula normalises its cells,
 * so the formulas find the answers inserting cached).
 * @param examples what the examples are
 * @param source the answer of `examples.source`
 */
export function exampleQueries(examples: ExamplesFrom, source: Json): TemplateQuery[] {
  const subjects: string[] = [];
  for (const brand of exampleBrands(source, examples.count, examples.take)) {
    const read = readSubject(brand, examples.endpoint.param?.kind ?? 'slug');
    if (read.kind === 'ok' && !subjects.includes(read.value)) subjects.push(read.value);
  }
  return subjects.map((subject) => ({ endpoint: examples.endpoint, subject }));
}

/** A query's answer from the document cache under the viewer's settings, or null when it is not there. */
function cachedAnswer(query: TemplateQuery): Json | null {
  const entry = dryRun({ queries: [query], payer: 'user', guardOf: { apiKey: undefined } }).found.get(queryKey(query));
  return entry?.kind === 'data' ? entry.data : null;
}

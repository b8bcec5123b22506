/**
 * vitest's asymmetric matchers typed `unknown` instead of vitest's own `any`, so that they can stand
 * in an expected object without letting `any` into it (@typescript-eslint/no-unsafe-assignment). They
 * are the same matchers: `{ n: match.any(Number) }` matches what `{ n: expect.any(Number) }` does.
 */
import { expect } from 'vitest';

export const match = {
  any: (type: unknown): unknown => expect.any(type),
  anything: (): unknown => expect.anything(),
  stringContaining: (text: string): unknown => expect.stringContaining(text),
  stringMatching: (pattern: string | RegExp): unknown => expect.stringMatching(pattern),
  objectContaining: (object: object): unknown => expect.objectContaining(object),
};

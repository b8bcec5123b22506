/**
 * useStack's promises (test/integration/stack.ts), which the other integration tests lean on: each test
 * starts from a new runtime and a reset service unless told otherwise, and the stand-in it returns reads
 * and writes the running stack. The tests of each block run in order: the second sees what the first
 * left behind, or does not.
 */
import { describe, expect, it } from 'vitest';
import { userRuntime } from '../../dev/stack.js';
import { useStack } from './stack';

describe('by default', () => {
  const stack = useStack();

  it('a test leaves a property, a cached answer and a request behind', async () => {
    stack.gas.properties.user.set('LEFT_BEHIND', 'yes');
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
    expect(stack.gas.caches.document.entries()).not.toEqual([]);
    expect(await stack.requests()).toBe(1);
  });

  it('the next test starts without them, as a user who saved the key', async () => {
    expect(stack.gas.properties.user.get('LEFT_BEHIND')).toBeNull();
    expect(stack.gas.caches.document.entries()).toEqual([]);
    expect(await stack.requests()).toBe(0);
    expect(stack.gas.properties.user.get('SDM_API_KEY')).not.toBeNull();
  });

  it("assigning stack.gas replaces the running stack's runtime, and stack.run uses the new one", () => {
    const replacement = userRuntime(stack.service.url, undefined, false);
    stack.gas.close();
    stack.gas = replacement;
    expect(stack.gas).toBe(replacement);
    stack.value('SEARCH_SCORE', 'tea');
    expect(replacement.caches.document.entries()).not.toEqual([]);
  });
});

describe('with resetBeforeEach: false', () => {
  const stack = useStack('a', { resetBeforeEach: false });

  it('a test leaves a property and a request behind', async () => {
    stack.gas.properties.user.set('LEFT_BEHIND', 'yes');
    stack.value('SEARCH_SCORE', 'coffee');
    expect(await stack.requests()).toBe(1);
  });

  it('the next test still sees them', async () => {
    expect(stack.gas.properties.user.get('LEFT_BEHIND')).toBe('yes');
    expect(await stack.requests()).toBe(1);
  });
});

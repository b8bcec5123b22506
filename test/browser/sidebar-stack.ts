/**
 * The sidebar's whole stack for one browser test file: the local service, a dev/gas runtime running the
 * built dist/ against it, dev/host serving the runtime's pages, and the worker's headless Chromium,
 * started in beforeAll and stopped in afterAll (newest first; of Chromium, this file's pages).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { GasRuntime, type GasRuntimeOptions } from '../../dev/gas/index.js';
import { startHost, type HostHandle, type RunEvent } from '../../dev/host/index.js';
import { startService, type ServiceHandle, type StartOptions } from '../../dev/service/harness.js';
import { KEY, TEST_START } from '../../dev/stack.js';
import { testCertificate } from '../../dev/tls.js';
import { closeContexts, newPageAt, workerChromium } from './chromium.js';

export interface SidebarStackOptions {
  /** The service's keys (default: KEY). */
  keys?: string[];
  /** Start the service and the runtime at TEST_START, and the first page's clock with the runtime's (default true). */
  fixedClock?: boolean;
  /** More runtime options (its default runs the built dist/Code.js and dist/Sidebar.html). */
  runtime?: Omit<GasRuntimeOptions, 'startAt'>;
  /** Save KEY as the user's key, as a user who has set it up (default false: the user starts with none). */
  keySaved?: boolean;
  /**
   * The service answers over https too, its test certificate trusted by the runtime (dev/tls.ts), and
   * no address is saved: a self-install's user types it (default false).
   */
  tls?: boolean;
  /** Where dev/host finds the pages (default dist/; release/ for a self-install). */
  htmlDir?: string;
  /** Sets up the runtime's spreadsheet and properties before the host serves it. */
  prepare?: (runtime: GasRuntime) => void;
  /** Told of every server function a page calls. */
  onRun?: (event: RunEvent) => void;
  /** The sidebar page opened first: its viewport; false for none (the file opens its pages itself). */
  page?: { viewport: { width: number; height: number } } | false;
}

/** The running stack. */
export interface SidebarStack {
  service: ServiceHandle;
  runtime: GasRuntime;
  host: HostHandle;
  browser: Browser;
  /** The first sidebar page (undefined with `page: false`). */
  page: Page;
  /** The messages of errors thrown in the first page. */
  pageErrors: string[];
}

/**
 * Registers beforeAll/afterAll that start and stop the sidebar's stack.
 * @param options what differs between the files
 * @param ready given the stack once it runs (the file keeps its pieces in its own variables)
 */
export function useSidebarStack(options: SidebarStackOptions, ready: (stack: SidebarStack) => void): void {
  const { keys = [KEY], fixedClock = true, keySaved = false, page: first = { viewport: { width: 300, height: 800 } } } = options;
  const stack = { pageErrors: [] as string[] } as SidebarStack;
  beforeAll(async () => {
    const tls = options.tls ? testCertificate() : undefined;
    stack.service = await startService({
      keys,
      ...(tls ? { tls } : {}),
      ...(fixedClock ? { startAt: TEST_START } : {}),
    } satisfies StartOptions);
    stack.runtime = new GasRuntime({
      ...options.runtime,
      ...(tls ? { trustedCertificates: [tls.cert] } : {}),
      ...(fixedClock ? { startAt: TEST_START } : {}),
    });
    if (!tls) stack.runtime.properties.user.set('SDM_BASE_URL', stack.service.url);
    if (keySaved) stack.runtime.properties.user.set('SDM_API_KEY', KEY);
    options.prepare?.(stack.runtime);
    stack.host = await startHost({
      runtime: stack.runtime,
      ...(options.htmlDir ? { htmlDir: options.htmlDir } : {}),
      ...(options.onRun ? { onRun: options.onRun } : {}),
    });
    stack.browser = await workerChromium();
    if (first) {
      if (fixedClock) stack.page = await newPageAt(stack.browser, stack.runtime.clock.now(), { viewport: first.viewport });
      else stack.page = await stack.browser.newPage({ viewport: first.viewport });
      stack.page.on('pageerror', (error) => stack.pageErrors.push(error.message));
      await stack.page.goto(stack.host.pageUrl('Sidebar'));
    }
    ready(stack);
  });
  afterAll(async () => {
    await closeContexts(stack.browser);
    await stack.host?.close();
    stack.runtime?.close();
    await stack.service?.stop();
  });
}

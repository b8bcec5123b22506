/**
 * The sidebar's entry point: reads the settings, then (with a key) usage and cache info, and binds
 * each section. Built by scripts/build/sidebar.ts into dist/Sidebar.html.
 */
import type { SettingsView } from '../shared/sidebar-api';
import type { App } from './app';
import { byId, show } from './dom';
import { mountAdvancedSection } from './sections/advanced';
import { mountCacheSection } from './sections/cache';
import { mountKeySection } from './sections/key';
import { mountUsageSection } from './sections/usage';
import { call } from './server';
import { StatusLine, whileBusy } from './status';

function start(): void {
  const bootStatus = new StatusLine(byId('boot-status', HTMLParagraphElement));
  const retryRow = byId('boot-retry-row', HTMLDivElement);
  const retry = byId('boot-retry', HTMLButtonElement);
  const usageSection = byId('usage-section', HTMLElement);
  const cacheSection = byId('cache-section', HTMLElement);

  let settings: SettingsView | null = null;
  const app: App = {
    get settings() {
      return settings;
    },
    applySettings(view, reload) {
      const hadKey = settings?.hasKey ?? false;
      settings = view;
      key.render(view);
      advanced.render(view);
      show(usageSection, view.hasKey);
      show(cacheSection, view.hasKey);
      if (view.hasKey && (reload || !hadKey)) {
        void usage.load();
        void cache.load();
      }
    },
  };
  const key = mountKeySection(app);
  const advanced = mountAdvancedSection(app);
  const usage = mountUsageSection();
  const cache = mountCacheSection();

  const boot = async (): Promise<void> => {
    bootStatus.set('busy', 'Loading settings…');
    show(retryRow, false);
    try {
      const view = await call('getSettings');
      bootStatus.clear();
      show(byId('boot-status', HTMLParagraphElement), false);
      app.applySettings(view, true);
    } catch (error) {
      bootStatus.error(error);
      show(retryRow, true);
    }
  };

  retry.addEventListener('click', () => void whileBusy(retry, 'Trying…', boot));
  openRequestedSection();
  void boot();
}

/**
 * The menu opens the sidebar at a section by appending `window.SDM_OPEN_SECTION = "help"` to the page
 * (src/server/menu.ts). Sections this page does not have are ignored.
 */
function openRequestedSection(): void {
  const requested = (window as { SDM_OPEN_SECTION?: unknown }).SDM_OPEN_SECTION;
  const details = requested === 'help' ? document.getElementById('help') : null;
  if (!(details instanceof HTMLDetailsElement)) return;
  details.open = true;
  details.scrollIntoView({ block: 'start' });
  details.querySelector('summary')?.focus();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();

// Page object for the picker, viewer and context tray, driven through the QA contract's test ids.
import type { Locator, Page } from '@playwright/test';
import type { EngineClient, ResourceItem } from '../shared/contract';
import { test as appTest, expect } from './fixtures/app';
import { STEADY_ARGS } from './fixtures/reference-servers';

/** The reference server over stdio with its live resources ticking once an hour (see STEADY_ARGS). */
export const STEADY_REFERENCE = { transport: 'stdio' as const, args: [...STEADY_ARGS] };

export interface RowData {
  serverId: string;
  uri: string;
  priority?: number;
  audience: string[];
  lastModified?: string;
}

export class PickerPage {
  readonly list: Locator;
  readonly search: Locator;
  readonly rows: Locator;
  readonly viewer: Locator;
  readonly tray: Locator;
  /** Uncaught page errors, reported when a wait fails (a crash would otherwise show as a blank page). */
  readonly pageErrors: string[] = [];

  constructor(readonly page: Page) {
    page.on('pageerror', e => this.pageErrors.push(`${e.message}\n${e.stack ?? ''}`));
    this.list = page.getByTestId('resource-list');
    this.search = page.getByTestId('resource-search');
    this.rows = page.getByTestId('resource-row');
    this.viewer = page.getByTestId('resource-viewer');
    this.tray = page.getByTestId('context-tray');
  }

  /**
   * Waits until every shown server's list has finished loading, with at least `min` items, and returns how
   * many there are. Both attributes are read in one go: `data-loading` is also "false" before a listing
   * starts, and `data-loaded` grows while pages stream in, so two separate waits could pass on a partial list.
   */
  async waitForList(min = 1, timeoutMs = 45_000): Promise<number> {
    let loaded = 0;
    await expect
      .poll(
        async () => {
          const state = await this.list.evaluate(el => ({ loading: el.getAttribute('data-loading'), loaded: Number(el.getAttribute('data-loaded')) }));
          loaded = state.loaded;
          return state.loading === 'false' && state.loaded >= min;
        },
        { timeout: timeoutMs, message: `list loaded with at least ${min} items; page errors: ${this.pageErrors.join('\n') || 'none'}` }
      )
      .toBe(true);
    return loaded;
  }

  /** How many items the list holds right now (it grows while pages stream in). */
  async loaded(): Promise<number> {
    return Number(await this.list.getAttribute('data-loaded'));
  }

  async matching(): Promise<number> {
    return Number(await this.list.getAttribute('data-matching'));
  }

  /** The data attributes of the rows currently in the DOM, in display order. */
  async visibleRows(): Promise<RowData[]> {
    return this.rows.evaluateAll(elements =>
      elements
        .map(el => ({ el, top: el.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map(({ el }) => {
          const d = (el as HTMLElement).dataset;
          return {
            serverId: d.serverId ?? '',
            uri: d.uri ?? '',
            priority: d.priority === undefined ? undefined : Number(d.priority),
            audience: d.audience ? d.audience.split(',') : [],
            lastModified: d.lastModified
          };
        })
    );
  }

  /** Clears the search and every annotation filter. */
  async resetFilters(): Promise<void> {
    await this.search.fill('');
    await this.page.getByRole('button', { name: 'Clear filters' }).click();
  }

  row(uri: string): Locator {
    return this.page.locator(`[data-testid="resource-row"][data-uri="${uri}"]`);
  }

  /** Searches for the URI and opens its row with the keyboard. */
  async open(uri: string): Promise<void> {
    await this.search.fill(uri);
    await expect(this.rows.first()).toHaveAttribute('data-uri', uri);
    await this.search.press('ArrowDown');
    await this.search.press('Enter');
    await expect(this.viewer).toHaveAttribute('data-uri', uri);
  }

  part(index = 0): Locator {
    return this.viewer.getByTestId('content-part').nth(index);
  }
}

/** The full list of a server straight from the engine, to check the UI's counts against. */
export async function listFromEngine(engine: EngineClient, serverId: string): Promise<ResourceItem[]> {
  return (await engine.call('resources.list', { serverId })).items;
}

/** The app fixture plus a `picker` page object on the app's page (requesting it starts the app). */
export const test = appTest.extend<{ picker: PickerPage }>({
  picker: async ({ page, app }, use) => {
    void app;
    await use(new PickerPage(page));
  }
});

export { expect };

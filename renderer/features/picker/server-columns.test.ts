// A server's live list goes into its own columns page by page while its last known list is shown, so the
// switch to the live list reuses those columns (and their sort order) instead of building them whole (issue #16).
import { describe, expect, it } from 'vitest';
import { FIELD_URI } from '../../../shared/picker/search-line';
import type { ResourceItem } from '../../../shared/contract';
import { buildColumns, builtFrom } from '../../../shared/picker/columns';
import { buildSortOrder } from '../../../shared/picker/sort';
import { item, lowerField } from '../../../test-support/picker/items';
import { ServerColumns } from './server-columns';

/** Items that count how often their columns are made (each column build reads an item's name once). */
function countedPage(from: number, n: number, reads: Map<string, number>): ResourceItem[] {
  return Array.from({ length: n }, (_, k) => {
    const made = item(`ref://live/${from + k}`, {}, { priority: ((from + k) % 7) / 10 });
    const name = made.name;
    Object.defineProperty(made, 'name', { get: () => (reads.set(made.uri, (reads.get(made.uri) ?? 0) + 1), name) });
    return made;
  });
}
const lastKnown = Array.from({ length: 5 }, (_, k) => item(`ref://known/${k}`));

describe('ServerColumns', () => {
  it('shows the last known list while given, grows the live list behind it page by page, then shows that without a rebuild', () => {
    const reads = new Map<string, number>();
    const columns = new ServerColumns();
    // The page publishes a longer copy of the streamed items each time.
    const published = [countedPage(0, 3, reads)];
    published.push([...published[0], ...countedPage(3, 4, reads)]);
    published.push([...published[1], ...countedPage(7, 2, reads)]);
    const shown = published.slice(0, 2).map(live => columns.columnsFor('ref', live, lastKnown, 'priority'));
    expect(builtFrom(shown[0], lastKnown)).toBe(true);
    // The same columns while the same last known list is shown: nothing derived from them is made again.
    expect(shown[1]).toBe(shown[0]);
    // Yet the live pages published so far are in the live columns already.
    expect([...reads.keys()]).toEqual(published[1].map(i => i.uri));
    // Every page is in: the live list is shown.
    const all = published[2];
    const live = columns.columnsFor('ref', all, undefined, 'priority');
    expect(builtFrom(live, all)).toBe(true);
    expect(lowerField(live, FIELD_URI)).toEqual(all.map(i => i.uri));
    // Each live item went into the columns once: the switch only added the last page, it rebuilt nothing.
    expect([...reads.values()]).toEqual(all.map(() => 1));
    // The finished list (the same items in the streamed array) is the same columns again.
    expect(columns.columnsFor('ref', [...all], undefined, 'priority')).toBe(live);
    // The sort order kept up behind the last known list is the one sorting the items afresh gives.
    const fresh = buildColumns(all.map(i => ({ ...i, name: i.name })));
    expect(Array.from(buildSortOrder(live, 'priority').order)).toEqual(Array.from(buildSortOrder(fresh, 'priority').order));
  });

  it('builds the live columns anew when the listing restarts, and a later last known list gets its own', () => {
    const columns = new ServerColumns();
    columns.columnsFor('ref', [item('ref://a'), item('ref://b')], lastKnown, 'name');
    const restarted = [item('ref://c')];
    expect(lowerField(columns.columnsFor('ref', restarted, undefined, 'name'), FIELD_URI)).toEqual(['ref://c']);
    const later = [item('ref://known/later')];
    expect(builtFrom(columns.columnsFor('ref', restarted, later, 'name'), later)).toBe(true);
    expect(columns.columnsFor('other', [], undefined, 'name').items.length).toBe(0);
  });

  it('keeps the last known list’s columns, sort order included, when the live list is those same rows', () => {
    const columns = new ServerColumns();
    const stale = columns.columnsFor('ref', [], lastKnown, 'name');
    const order = buildSortOrder(stale, 'name');
    // The engine found the live list the same: the page's live list is the last known list's rows.
    const live = columns.columnsFor('ref', lastKnown, undefined, 'name');
    expect(live).toBe(stale);
    expect(buildSortOrder(live, 'name').order).toBe(order.order);
    // And they stay the live columns on the next render.
    expect(columns.columnsFor('ref', lastKnown, undefined, 'name')).toBe(stale);
  });
});

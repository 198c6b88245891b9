// @vitest-environment happy-dom
// A directory read in the viewer: the children as entries (name, URI, MIME type) that open like any resource,
// and no empty "content" per child.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentPart, ReadResult, ResourceItem } from '../../../shared/contract';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { queryKeys } from '../../queries/keys';
import { listedItems, type ListedItems } from '../../queries/use-resource-list';
import { useUiStore } from '../../state/ui-store';
import { Viewer } from './Viewer';

afterEach(() => {
  cleanup();
  useUiStore.setState({ openResource: null });
});

const FOLDER = 'ref://samples/folder';
const cache = { state: 'miss', receivedAt: 0 } as const;
const child = (name: string, mimeType: string): ContentPart => ({ uri: `${FOLDER}/${name}`, mimeType, kind: 'blob', blob: '', size: 0 });
const reads: Record<string, ContentPart[]> = {
  [FOLDER]: [child('readme.txt', 'text/plain'), { ...child('guide.md', 'text/markdown'), name: 'The guide' }, child('nested/', 'inode/directory')],
  [`${FOLDER}/readme.txt`]: [{ uri: `${FOLDER}/readme.txt`, mimeType: 'text/plain', kind: 'text', text: 'Read me first.' }]
};

function showViewer(listed: ResourceItem[]) {
  const engine = stubEngine({
    'resources.read': ({ serverId, uri }): ReadResult => ({ serverId, uri, contents: reads[uri] ?? [], cache, inputRounds: 0 })
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const list: ListedItems = listedItems({ serverId: 'ref', items: listed, pages: 1, cache });
  queryClient.setQueryData(queryKeys.resourcesList('ref'), list);
  renderWithEngine(<Viewer />, engine, queryClient);
  act(() => useUiStore.getState().open({ serverId: 'ref', uri: FOLDER }));
  return engine;
}

describe('Viewer on a directory', () => {
  it('lists the children of an inode/directory resource and opens one like any resource', async () => {
    const engine = showViewer([{ serverId: 'ref', uri: FOLDER, name: 'folder', mimeType: 'inode/directory' }]);
    await waitFor(() => expect(screen.getAllByTestId('directory-entry')).toHaveLength(3));
    const entries = screen.getAllByTestId('directory-entry');
    expect(entries.map(e => [e.dataset.uri, e.dataset.mime])).toEqual([
      [`${FOLDER}/readme.txt`, 'text/plain'],
      [`${FOLDER}/guide.md`, 'text/markdown'],
      [`${FOLDER}/nested/`, 'inode/directory']
    ]);
    expect(entries[1].textContent).toContain('The guide');
    expect(entries[1].textContent).toContain(`${FOLDER}/guide.md`);
    expect(entries[2].textContent).toContain('nested/');
    // Children without content of their own are entries only, not empty parts.
    expect(screen.queryAllByTestId('content-part')).toHaveLength(0);
    expect(screen.queryByText('The server returned no contents.')).toBeNull();

    fireEvent.click(entries[0]);
    expect(useUiStore.getState().openResource).toEqual({ serverId: 'ref', uri: `${FOLDER}/readme.txt` });
    await waitFor(() => expect(screen.getByTestId('content-part').textContent).toContain('Read me first.'));
    expect(screen.getByTestId('resource-viewer').dataset.uri).toBe(`${FOLDER}/readme.txt`);
    expect(screen.queryByTestId('directory-view')).toBeNull();
    expect(engine.calls.filter(c => c.method === 'resources.read').map(c => (c.params as { uri: string }).uri)).toEqual([FOLDER, `${FOLDER}/readme.txt`]);
  });

  it('sees a directory by a child’s inode/directory type when the resource is not listed', async () => {
    showViewer([]);
    await waitFor(() => expect(screen.getByTestId('directory-view')).toBeTruthy());
    expect(screen.getAllByTestId('directory-entry')).toHaveLength(3);
  });
});

// @vitest-environment happy-dom
// The sidebar says why a config file gave no servers (or fewer), instead of "No servers yet", and reloads it once
// fixed. A stub engine answers the calls (the engine's own config.reload is tested against a real file in
// electron/engine/config/config-reload.test.ts).
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigView } from '../../../shared/contract';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { serverState } from '../../../test-support/renderer/server-state';
import { ServerSidebar } from './ServerSidebar';

afterEach(cleanup);

const path = '/home/me/.config/mcp-resource-browser/config.json';

describe('the config file problem', () => {
  it('names the file and what is wrong with it, keeps its lines, and goes once a reload takes the fixed file', async () => {
    let view: ConfigView = { path, servers: {}, error: `${path} is not valid JSON: Expected double-quoted property name\nat line 3 \u202e` };
    let servers = [] as ReturnType<typeof serverState>[];
    const engine = stubEngine({
      'servers.list': () => servers,
      'config.get': () => view,
      'config.reload': () => {
        view = { path, servers: {} };
        servers = [serverState('a', 'connected')];
        return view;
      },
      'subscriptions.list': () => []
    });
    renderWithEngine(<ServerSidebar />, engine);
    const problem = await screen.findByTestId('config-error');
    // The path once: the engine's message starts with it.
    expect(problem.textContent?.split(path)).toHaveLength(2);
    expect(problem.querySelector('.config-problem-detail')?.textContent).toBe(`${path} is not valid JSON: Expected double-quoted property name\nat line 3 [RLO]`);
    // Not "No servers yet": the file is the reason.
    expect(screen.queryByTestId('empty-state')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('config-reload')));
    await waitFor(() => expect(screen.queryByTestId('config-error')).toBeNull());
    expect(engine.calls.map(c => c.method)).toContain('config.reload');
    await screen.findByText('a');
  });
});

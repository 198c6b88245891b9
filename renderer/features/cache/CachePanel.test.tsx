// @vitest-environment happy-dom
// The cache panel against the real cache module: a real SDK client reads from the reference server (a
// real process over stdio: happy-dom's fetch would apply browser CORS rules to HTTP) through the shared store; the EngineClient is a thin in-process shim over the
// cache's handler map (the carrier is not what this test is about).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineCallError, methodSchemas, type EngineClient, type MethodName } from '../../../shared/contract';
import { createCache } from '../../../electron/engine/cache';
import { connectReference } from '../../../test-support/cache/reference-client';
import { referenceServerEntry } from '../../../electron/engine/config/default-server';
import { EventBus } from '../../../electron/engine/event-bus';
import { EngineProvider } from '../../app/engine-context';
import { CachePanel } from './CachePanel';

const clients: Client[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(clients.splice(0).map(c => c.close()));
});

const PUBLIC_LONG = 'ref://cache/public-long';
const PRIVATE_SHORT = 'ref://cache/private-short';

async function setup() {
  const bus = new EventBus();
  const cache = createCache({ bus });
  const { client, read } = await connectReference(cache, 'ref', referenceServerEntry(['--update-interval-ms', '86400000']));
  clients.push(client);
  const handlers = cache.handlers as Record<string, (p: unknown) => Promise<unknown>>;
  const engine: EngineClient = {
    mode: 'browser',
    async call(method, params) {
      const handler = handlers[method];
      if (!handler) throw new EngineCallError({ code: 'unsupported', message: `${method} is not part of this test engine` });
      return (await handler(methodSchemas[method as MethodName].parse(params))) as never;
    },
    on: (event, listener) => bus.on(event, listener)
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EngineProvider client={engine}>
        <CachePanel />
      </EngineProvider>
    </QueryClientProvider>
  );
  return { read };
}

describe('CachePanel', () => {
  it('shows entries and counters as reads happen, evicts one and clears all', async () => {
    const { read } = await setup();
    await screen.findByText('The cache is empty.');
    await read(PUBLIC_LONG);
    await read(PRIVATE_SHORT);
    await read(PUBLIC_LONG);
    const rows = await waitFor(() => {
      const found = screen.getAllByTestId('cache-entry');
      expect(found).toHaveLength(2);
      return found;
    });
    // Most recently used first.
    expect(rows.map(r => within(r).getAllByRole('cell')[1].textContent)).toEqual([PUBLIC_LONG, PRIVATE_SHORT]);
    expect(rows[0].getAttribute('data-method')).toBe('resources/read');
    expect(rows[0].getAttribute('data-cache-state')).toBe('fresh');
    expect(rows.map(r => within(r).getAllByRole('cell')[3].textContent)).toEqual(['public', 'private']);
    const counters = await screen.findByTestId('cache-counters');
    await waitFor(() => expect(counters.querySelector('[data-counter="hits"]')?.textContent).toBe('1'));
    expect(counters.querySelector('[data-counter="misses"]')?.textContent).toBe('2');

    fireEvent.click(within(rows[1]).getByRole('button', { name: `Evict resources/read ${PRIVATE_SHORT}` }));
    await waitFor(() => expect(screen.getAllByTestId('cache-entry')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('cache-clear'));
    await screen.findByText('The cache is empty.');
  });
});

// @vitest-environment happy-dom
// The row icon's states against the real engine (createEngine: the icons.get handler, its params schema,
// the icon service) and a real local HTTPS server with a certificate made at test time. The EngineClient
// is a thin in-process shim over the engine host and its event bus (the carrier is not what this test is
// about). happy-dom does not decode images, so "shown" is the <img> with the engine's data: URI as its src.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup as unmountAll, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineCallError, type EngineClient, type ResourceItem, type ServerConfigEntry } from '../../../shared/contract';
import { item } from '../../../test-support/picker/items';
import { AppErrorException } from '../../../electron/engine/errors';
import { cleanup as stopEngines, engineWith } from '../../../test-support/engine/engine-harness';
import { makeTestCertificate, startHttpsIconServer, type HttpsIconServer, type TestCertificate } from '../../../test-support/engine/https-icon-server';
import { EngineProvider } from '../../app/engine-context';
import { followEngineEvents } from '../../queries/engine-events';
import { ICON_GC_MS } from '../../queries/use-icon';
import { ResourceRow } from './ResourceRow';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let certificate: TestCertificate;
let server: HttpsIconServer;
const calls: string[] = [];
/** The src of every icons.get call. */
const iconCalls: string[] = [];

beforeAll(async () => {
  certificate = await makeTestCertificate();
});
afterEach(async () => {
  unmountAll();
  calls.length = 0;
  iconCalls.length = 0;
  await server?.close();
  await stopEngines();
});
afterAll(() => stopEngines());

/**
 * A real HTTPS icon server and a real engine with one HTTPS server (`remote`) and one stdio server
 * (`local`); the engine forgets transient refusals after `transientTtlMs`.
 */
async function setup(transientTtlMs = 60_000) {
  server = await startHttpsIconServer(certificate);
  server.route('/icon.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_B64, 'base64')));
  const engine = await engineWith(
    { remote: { type: 'http', url: `${server.origin}/mcp` }, local: { command: 'node', args: ['nothing.js'] } },
    { autoConnect: false, icons: { tls: { ca: certificate.cert }, limits: { transientTtlMs } } }
  );
  const client: EngineClient = {
    mode: 'browser',
    async call(method, params) {
      calls.push(method);
      if (method === 'icons.get') iconCalls.push((params as { src: string }).src);
      try {
        return (await engine.host.dispatch(method, params)) as never;
      } catch (err) {
        throw err instanceof AppErrorException ? new EngineCallError(err.error) : err;
      }
    },
    on: (event, handler) => engine.bus.on(event, handler)
  };
  const queryClient = new QueryClient();
  const mount = (items: ResourceItem[]) => {
    const view = render(
      <QueryClientProvider client={queryClient}>
        <EngineProvider client={client}>
          {items.map((it, row) => (
            <ResourceRow key={row} item={it} row={row} id={`row-${row}`} setSize={items.length} active={false} selected={false} marked={false} pinned={false} fresh={false} query="" top={row * 40} height={40} onPick={() => undefined} />
          ))}
        </EngineProvider>
      </QueryClientProvider>
    );
    const iconOf = (row: number): Element => {
      const icon = view.container.querySelectorAll('[data-testid="resource-row"]')[row]?.querySelector('.row-icon');
      if (!icon) throw new Error(`row ${row} has no icon element`);
      return icon;
    };
    return Object.assign(iconOf, { unmount: () => view.unmount() });
  };
  // Disabled: the engine reports its state and endpoint but does not connect (there is no MCP server here).
  const setServer = (entry: ServerConfigEntry) => client.call('servers.add', { serverId: 'remote', config: { ...entry, disabled: true } });
  return { origin: server.origin, mount, client, queryClient, setServer };
}

const state = (icon: Element) => icon.getAttribute('data-icon-state');

describe('ResourceRow icon', () => {
  it('shows a same-origin https icon fetched by the engine, once for every row sharing it', async () => {
    const { origin, mount, queryClient } = await setup();
    const icons = [{ src: `${origin}/icon.png` }];
    const iconOf = mount([item('a://1', { serverId: 'remote', icons }), item('a://2', { serverId: 'remote', icons }), item('a://3', { serverId: 'remote', icons })]);
    expect(state(iconOf(0))).toBe('loading');
    expect(iconOf(0).tagName).toBe('SPAN');
    await waitFor(() => expect(state(iconOf(2))).toBe('shown'));
    for (const row of [0, 1, 2]) {
      expect(iconOf(row).tagName).toBe('IMG');
      expect(iconOf(row).getAttribute('src')).toBe(`data:image/png;base64,${PNG_B64}`);
    }
    expect(server.requests.map(r => r.path)).toEqual(['/icon.png']);
    expect(calls.filter(m => m === 'icons.get')).toHaveLength(1);
    // Kept only briefly once no row shows it (each answer is a data: URI of up to ~350 K characters).
    expect(queryClient.getQueryCache().find({ queryKey: ['icons.get', 'remote', `${origin}/icon.png`] })?.gcTime).toBe(ICON_GC_MS);
  });

  it('shows the placeholder with the reason when the engine refuses (stdio server, other origin)', async () => {
    const { origin, mount } = await setup();
    const iconOf = mount([
      item('a://1', { serverId: 'local', icons: [{ src: 'https://modelcontextprotocol.io/favicon.ico' }] }),
      item('a://2', { serverId: 'remote', icons: [{ src: `https://localhost:${server.port}/icon.png` }] })
    ]);
    await waitFor(() => expect(state(iconOf(0))).toBe('refused'));
    expect(iconOf(0).getAttribute('title')).toBe('Icon refused: a stdio server has no web origin, so its https: icons are not fetched');
    await waitFor(() => expect(state(iconOf(1))).toBe('refused'));
    expect(iconOf(1).getAttribute('title')).toContain(`not on the server's origin ${origin}`);
    expect(iconOf(1).tagName).toBe('SPAN');
    expect(server.requests).toHaveLength(0);
  });

  it('shows a valid data: icon directly and refuses other schemes and non-images without asking the engine', async () => {
    const { mount } = await setup();
    const dataUri = `data:image/png;base64,${PNG_B64}`;
    const iconOf = mount([
      item('a://1', { serverId: 'local', icons: [{ src: dataUri }] }),
      item('a://2', { serverId: 'local', icons: [{ src: 'http://example.com/x.png' }] }),
      item('a://3', { serverId: 'local', icons: [{ src: `data:image/png;base64,${btoa('<html></html>')}` }] }),
      item('a://4', { serverId: 'local' })
    ]);
    expect(state(iconOf(0))).toBe('shown');
    expect(iconOf(0).getAttribute('src')).toBe(dataUri);
    expect(state(iconOf(1))).toBe('refused');
    expect(iconOf(1).getAttribute('title')).toContain('only https: and data: icons are allowed (this one is http:)');
    expect(state(iconOf(2))).toBe('refused');
    expect(iconOf(2).getAttribute('title')).toContain('not a PNG');
    expect(state(iconOf(3))).toBe('none');
    expect(iconOf(3).hasAttribute('title')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('asks again for a transiently refused icon once the engine has forgotten the refusal; a final refusal is not asked again', async () => {
    const { origin, mount } = await setup(300);
    let up = false;
    server.route('/flaky.png', (_req, res) => (up ? res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_B64, 'base64')) : res.writeHead(503).end()));
    server.route('/text.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('not an image'));
    const iconOf = mount([item('a://1', { serverId: 'remote', icons: [{ src: `${origin}/flaky.png` }] }), item('a://2', { serverId: 'remote', icons: [{ src: `${origin}/text.png` }] })]);
    await waitFor(() => expect(iconOf(0).getAttribute('title')).toBe('Icon refused: the server answered HTTP 503'));
    await waitFor(() => expect(state(iconOf(1))).toBe('refused'));
    up = true;
    await waitFor(() => expect(state(iconOf(0))).toBe('shown'), { timeout: 3_000 });
    await new Promise(resolve => setTimeout(resolve, 700));
    expect(iconCalls.filter(src => src.endsWith('/flaky.png'))).toHaveLength(2);
    expect(iconCalls.filter(src => src.endsWith('/text.png'))).toHaveLength(1);
  });

  it('drops a server’s icons when it is removed or its URL changes, so a server under the same id gets fresh answers', async () => {
    const { origin, mount, client, queryClient, setServer } = await setup();
    const stop = followEngineEvents(client, queryClient);
    try {
      const rows = [item('a://1', { serverId: 'remote', icons: [{ src: `${origin}/icon.png` }] })];
      let iconOf = mount(rows);
      await waitFor(() => expect(state(iconOf(0))).toBe('shown'));
      iconOf.unmount();
      // Removed, then added again under the same id over plain http: the same src is now off its origin.
      await client.call('servers.remove', { serverId: 'remote' });
      await setServer({ type: 'http', url: `http://127.0.0.1:${server.port}/mcp` });
      iconOf = mount(rows);
      await waitFor(() => expect(state(iconOf(0))).toBe('refused'));
      expect(iconOf(0).getAttribute('title')).toContain('reached over http:');
      iconOf.unmount();
      // Its config changed in place (no removal) back to the https URL: shown again.
      await setServer({ type: 'http', url: `${origin}/mcp` });
      await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['icons.get', 'remote'] })).toHaveLength(0));
      iconOf = mount(rows);
      await waitFor(() => expect(state(iconOf(0))).toBe('shown'));
      expect(iconCalls).toHaveLength(3);
    } finally {
      stop();
    }
  });
});

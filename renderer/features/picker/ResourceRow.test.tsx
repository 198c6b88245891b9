// @vitest-environment happy-dom
// The row icon's states against the real engine (createEngine: the icons.get handler, its params schema,
// the icon service) and a real local HTTPS server with a certificate made at test time. The EngineClient
// is a thin in-process shim over the engine host (the carrier is not what this test is about). happy-dom
// does not decode images, so "shown" is the <img> with the engine's data: URI as its src.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup as unmountAll, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineCallError, type EngineClient, type ResourceItem } from '../../../shared/contract';
import { item } from '../../../shared/picker/test-items';
import { AppErrorException } from '../../../electron/engine/errors';
import { cleanup as stopEngines, engineWith } from '../../../electron/engine/connections/test-support';
import { makeTestCertificate, startHttpsIconServer, type HttpsIconServer, type TestCertificate } from '../../../electron/engine/icons/testing/https-icon-server';
import { EngineProvider } from '../../app/engine-context';
import { ResourceRow } from './ResourceRow';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let certificate: TestCertificate;
let server: HttpsIconServer;
const calls: string[] = [];

beforeAll(async () => {
  certificate = await makeTestCertificate();
});
afterEach(async () => {
  unmountAll();
  calls.length = 0;
  await server?.close();
  await stopEngines();
});
afterAll(() => stopEngines());

/** A real HTTPS icon server and a real engine with one HTTPS server (`remote`) and one stdio server (`local`). */
async function setup() {
  server = await startHttpsIconServer(certificate);
  server.route('/icon.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_B64, 'base64')));
  const engine = await engineWith(
    { remote: { type: 'http', url: `${server.origin}/mcp` }, local: { command: 'node', args: ['nothing.js'] } },
    { autoConnect: false, icons: { tls: { ca: certificate.cert } } }
  );
  const client: EngineClient = {
    mode: 'browser',
    async call(method, params) {
      calls.push(method);
      try {
        return (await engine.host.dispatch(method, params)) as never;
      } catch (err) {
        throw err instanceof AppErrorException ? new EngineCallError(err.error) : err;
      }
    },
    on: () => () => undefined
  };
  const mount = (items: ResourceItem[]) => {
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <EngineProvider client={client}>
          {items.map((it, row) => (
            <ResourceRow key={row} item={it} row={row} id={`row-${row}`} setSize={items.length} active={false} query="" top={row * 40} height={40} onPick={() => undefined} />
          ))}
        </EngineProvider>
      </QueryClientProvider>
    );
    return (row: number): Element => {
      const icon = view.container.querySelectorAll('[data-testid="resource-row"]')[row]?.querySelector('.row-icon');
      if (!icon) throw new Error(`row ${row} has no icon element`);
      return icon;
    };
  };
  return { origin: server.origin, mount };
}

const state = (icon: Element) => icon.getAttribute('data-icon-state');

describe('ResourceRow icon', () => {
  it('shows a same-origin https icon fetched by the engine, once for every row sharing it', async () => {
    const { origin, mount } = await setup();
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
});

// A sign-in whose authorization server is down, against a real MCP endpoint that asks for sign-in (401 with its
// resource metadata) and names an authorization server on a port nothing listens on: the failure says so in words,
// not just "fetch failed".
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/free-port';
import { cleanup, engineWith, nextEvent } from '../../../test-support/engine/engine-harness';

let endpoint: Server | undefined;
afterAll(async () => {
  await cleanup();
  endpoint?.close();
});


describe('a sign-in whose authorization server is down', () => {
  it('fails saying nothing listens at its host, with the flow’s own message after', async () => {
    const authorizationPort = await freePort();
    endpoint = createServer((req, res) => {
      const origin = `http://127.0.0.1:${(endpoint?.address() as { port: number }).port}`;
      if (req.url?.startsWith('/.well-known/oauth-protected-resource')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: [`http://127.0.0.1:${authorizationPort}`] }));
        return;
      }
      res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"` }).end();
    });
    await new Promise<void>(resolve => endpoint?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endpoint.address() as { port: number }).port}/mcp`;
    const engine = await engineWith({ locked: { type: 'http', url } }, { auth: { openUrl: async () => undefined } });
    const required = nextEvent(engine.bus, 'serverState', s => s.id === 'locked' && s.auth?.state === 'required', 20_000);
    if (engine.registry.get('locked').snapshot().auth?.state === 'required') required.catch(() => undefined);
    else await required;
    const failed = nextEvent(engine.bus, 'serverState', s => s.id === 'locked' && s.auth?.state === 'failed', 20_000);
    await engine.host.dispatch('auth.signIn', { serverId: 'locked' });
    const [first, ...rest] = ((await failed).auth?.error ?? '').split('\n');
    expect(first).toBe(`Nothing is listening at 127.0.0.1:${authorizationPort} (connection refused): is the server running, on that port?`);
    expect(rest.join('\n')).toMatch(/fetch failed/);
  });
});

// The official conformance runner's authorization-server scenarios against the reference server's bundled
// authorization server (--auth): its metadata document, and a full authorization code grant with PKCE for a
// client registered beforehand (DCR), the consent auto-approved and the browser played by a fetch with a cookie
// jar. The runner is fetched by npx; where it cannot be (no network), the test says so and is skipped.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAuthorizationConformance } from '../test-support/conformance/authorization';
import { freePort } from '../test-support/free-port';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { authorizeHeadless, discover, registerClient } from '../test-support/reference-server/oauth-flow';

let server: HttpReferenceServer;
beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', '10', '--auth', '--auth-auto-approve']);
});
afterAll(async () => {
  await server?.stop();
});

it('passes the authorization-server scenarios of the official conformance runner', async ctx => {
  const { as } = await discover(server.url);
  const callbackPort = await freePort();
  const callback = `http://127.0.0.1:${callbackPort}/callback`;
  const clientId = await registerClient(as, callback, 'Conformance runner');
  const run = await runAuthorizationConformance({
    issuer: as.issuer, clientId, resource: server.url, callbackPort,
    async authorize(url) {
      const redirected = await authorizeHeadless(url, callback);
      const delivered = await fetch(redirected);
      if (!delivered.ok) throw new Error(`the runner's callback answered ${delivered.status}`);
    }
  });
  if (run.unavailable) {
    console.log(`[conformance] authorization scenarios skipped: the runner could not be fetched or started:\n${run.unavailable}`);
    ctx.skip();
  }
  expect(run.scenarios, run.output).toEqual({
    'authorization-server-metadata-endpoint': { passed: 2, failed: 0 },
    'authorization-code-grant': { passed: 1, failed: 0 }
  });
  expect(run.exitCode, run.output).toBe(0);
}, 300_000);

// Signing in to a protected server with the whole engine, over real HTTP: the 401 marks it `required` (and is not
// retried), `auth.signIn` runs discovery, registration and PKCE and hands out the authorization URL, the "browser"
// is a plain GET that follows the redirect to the engine's loopback callback, and the server reconnects signed in.
// The authorization server is a stand-in (test-support/auth/stand-in-authorization-server.ts says why); the official
// conformance scenarios drive the same code against the runner's mock (electron/cli/conformance-client.test.ts).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthDetails, AuthStatus, CacheSnapshot, LogPage, ReadResult } from '../../../shared/contract';
import { startStandIn, type StandIn } from '../../../test-support/auth/stand-in-authorization-server';
import { cleanup, engineWith, nextEvent, tempDir } from '../../../test-support/engine/engine-harness';
import type { Engine } from '../engine';

const stands: StandIn[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await cleanup();
  for (const stand of stands.splice(0)) await stand.close();
});

interface Rig {
  stand: StandIn;
  engine: Engine;
  dir: string;
  /** Authorization URLs the engine asked the host to open. */
  opened: string[];
}

async function rig(options: { timeoutMs?: number; expiresIn?: number } = {}): Promise<Rig> {
  const stand = await startStandIn({ ...(options.expiresIn !== undefined && { expiresIn: options.expiresIn }) });
  stands.push(stand);
  const dir = await tempDir();
  const opened: string[] = [];
  const engine = await engineWith(
    { notes: { type: 'http', url: stand.url } },
    { dataDir: dir, configPath: join(dir, 'config.json'), auth: { openUrl: async url => void opened.push(url), ...(options.timeoutMs && { signInTimeoutMs: options.timeoutMs }) } }
  );
  return { stand, engine, dir, opened };
}

const call = <T>(engine: Engine, method: string, params: object) => engine.host.dispatch(method, params) as Promise<T>;
const statusOf = (engine: Engine) => engine.registry.get('notes').snapshot().auth;
const redirectUriOf = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get('redirect_uri') ?? '';

/** The user's part in the browser: open the authorization URL; the stand-in redirects to the callback. */
async function approve(url: string): Promise<string> {
  const page = await fetch(url);
  return page.text();
}

async function signedIn(r: Rig): Promise<void> {
  await expect(r.engine.registry.get('notes').whenReady(10_000)).rejects.toMatchObject({ error: { code: 'unauthorized' } });
  const connected = nextEvent(r.engine.bus, 'serverState', s => s.id === 'notes' && s.status === 'connected');
  await call(r.engine, 'auth.signIn', { serverId: 'notes' });
  expect(await approve(r.opened[0])).toContain('Signed in');
  await connected;
}

describe('signing in to a protected server', () => {
  it('shows sign-in required on a 401 without retrying, signs in through discovery, registration and PKCE, and reads as the signed-in user', async () => {
    const r = await rig();
    await expect(r.engine.registry.get('notes').whenReady(10_000)).rejects.toMatchObject({ error: { code: 'unauthorized' } });
    const refused = r.engine.registry.get('notes').snapshot();
    expect(refused).toMatchObject({ status: 'error', lastError: { code: 'unauthorized' }, auth: { state: 'required', error: 'The server needs you to sign in' } });
    expect(refused.nextRetryAt).toBeUndefined();

    const started = await call<AuthStatus>(r.engine, 'auth.signIn', { serverId: 'notes' });
    expect(started).toMatchObject({ state: 'pending', step: 'awaiting-browser', authorizationUrl: r.opened[0], issuer: r.stand.issuer });
    const authorization = new URL(r.opened[0]).searchParams;
    expect(authorization.get('code_challenge_method')).toBe('S256');
    expect(authorization.get('resource')).toBe(r.stand.url);
    expect(authorization.get('scope')).toBe('notes:read');
    expect(redirectUriOf(r.opened[0])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const connected = nextEvent(r.engine.bus, 'serverState', s => s.id === 'notes' && s.status === 'connected');
    expect(await approve(r.opened[0])).toContain('Signed in');
    const state = await connected;
    expect(state.auth).toMatchObject({ state: 'signed-in', user: 'ada', scopes: ['notes:read'], issuer: r.stand.issuer });
    expect(state.auth?.expiresAt).toBeGreaterThan(Date.now());
    const read = await call<ReadResult>(r.engine, 'resources.read', { serverId: 'notes', uri: 'note://secret' });
    expect(read.contents[0]).toMatchObject({ kind: 'text', text: 'for signed-in eyes' });

    const details = await call<AuthDetails>(r.engine, 'auth.details', { serverId: 'notes' });
    expect(details).toMatchObject({
      status: { state: 'signed-in' },
      challenge: { status: 401, scope: 'notes:read', resourceMetadata: `${r.stand.issuer}/.well-known/oauth-protected-resource/mcp` },
      protectedResourceMetadata: { resource: r.stand.url, authorization_servers: [r.stand.issuer] },
      authorizationServerMetadata: { issuer: r.stand.issuer },
      resource: r.stand.url,
      client: { registration: 'dynamic', hasSecret: false },
      revocationSupported: true
    });
    const steps = details.flow.map(step => `${step.kind} ${step.status ?? '-'} ${step.outcome}`);
    expect(steps).toEqual(
      expect.arrayContaining(['protected-resource-metadata 200 ok', 'authorization-server-metadata 200 ok', 'registration 201 ok', 'authorization - ok', 'callback - ok', 'token 200 ok'])
    );
    // The browser's step ends when the browser comes back: no step of a finished flow still says "waiting".
    expect(details.flow.find(step => step.kind === 'authorization')).toMatchObject({ outcome: 'ok', detail: 'the browser came back', durationMs: expect.any(Number) });
    expect(details.flow.filter(step => step.outcome === 'waiting')).toEqual([]);
    const callback = details.flow.find(step => step.kind === 'callback');
    expect(callback?.url).toMatch(/code=%5Bredacted%5D.*state=%5Bredacted%5D/);
    const shown = JSON.stringify(details);
    for (const secret of r.stand.issued) expect(shown).not.toContain(secret);
  });

  it('the callback refuses a wrong state and keeps waiting; its port is closed once the flow ends', async () => {
    const r = await rig();
    await r.engine.registry.get('notes').whenReady(10_000).catch(() => undefined);
    await call(r.engine, 'auth.signIn', { serverId: 'notes' });
    const callback = redirectUriOf(r.opened[0]);
    const forged = await fetch(`${callback}?code=stolen&state=not-the-flows`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('does not match');
    expect(statusOf(r.engine)).toMatchObject({ state: 'pending', step: 'awaiting-browser' });
    expect((await fetch(`${callback}?code=stolen`)).status).toBe(400);

    const connected = nextEvent(r.engine.bus, 'serverState', s => s.id === 'notes' && s.status === 'connected');
    await approve(r.opened[0]);
    await connected;
    await expect(fetch(callback)).rejects.toThrow();
  });

  it('cancelling puts the server back as it was and closes the port; a flow nobody finishes times out and closes it too', async () => {
    const r = await rig({ timeoutMs: 400 });
    await r.engine.registry.get('notes').whenReady(10_000).catch(() => undefined);
    await call(r.engine, 'auth.signIn', { serverId: 'notes' });
    const first = redirectUriOf(r.opened[0]);
    expect(await call(r.engine, 'auth.cancel', { serverId: 'notes' })).toEqual({ cancelled: true });
    await nextEvent(r.engine.bus, 'serverState', s => s.id === 'notes' && s.auth?.state === 'required');
    await expect(fetch(first)).rejects.toThrow();
    expect(await call(r.engine, 'auth.cancel', { serverId: 'notes' })).toEqual({ cancelled: false });

    await call(r.engine, 'auth.signIn', { serverId: 'notes' });
    const second = redirectUriOf(r.opened[1]);
    const failed = await nextEvent(r.engine.bus, 'serverState', s => s.id === 'notes' && s.auth?.state === 'failed');
    expect(failed.auth?.error).toMatch(/timed out/);
    await expect(fetch(second)).rejects.toThrow();
    const { flow } = await call<AuthDetails>(r.engine, 'auth.details', { serverId: 'notes' });
    expect(flow.find(step => step.kind === 'authorization')).toMatchObject({ outcome: 'error', detail: expect.stringMatching(/timed out/) });
  });

  it('never lets a token reach the protocol log, the page, the config file or stderr; the vault file is 0600', async () => {
    const written: string[] = [];
    for (const stream of [process.stderr, process.stdout] as const) {
      const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      vi.spyOn(stream, 'write').mockImplementation(((...args: unknown[]) => {
        written.push(String(args[0]));
        return write(...args);
      }) as typeof stream.write);
    }
    const r = await rig();
    const events: string[] = [];
    r.engine.bus.subscribe(event => events.push(JSON.stringify(event)));
    await signedIn(r);
    await call(r.engine, 'resources.read', { serverId: 'notes', uri: 'note://secret' });
    await call(r.engine, 'servers.add', { serverId: 'other', config: { type: 'http', url: `${r.stand.issuer}/elsewhere` } });
    const log = await call<LogPage>(r.engine, 'log.query', {});
    expect(log.entries.length).toBeGreaterThan(0);
    const config = await readFile(join(r.dir, 'config.json'), 'utf8');
    expect(config).toContain(r.stand.url);
    const vault = join(r.dir, 'auth', 'tokens.json');
    expect((await stat(vault)).mode & 0o777).toBe(0o600);
    expect(await readFile(vault, 'utf8')).toContain(r.stand.issued[0]);
    const places = { log: JSON.stringify(log), events: events.join('\n'), config, output: written.join('') };
    expect(r.stand.issued.length).toBeGreaterThanOrEqual(2);
    for (const secret of r.stand.issued) for (const [place, text] of Object.entries(places)) expect(text, place).not.toContain(secret);
  });

  it('signing out revokes the tokens at the authorization server, forgets them and drops the private cache entries', async () => {
    const r = await rig();
    await signedIn(r);
    await call(r.engine, 'resources.read', { serverId: 'notes', uri: 'note://secret' });
    const privateEntries = async () => (await call<CacheSnapshot>(r.engine, 'cache.snapshot', {})).entries.filter(e => e.serverId === 'notes' && e.scope === 'private');
    expect(await privateEntries()).not.toHaveLength(0);

    const result = await call(r.engine, 'auth.signOut', { serverId: 'notes' });
    expect(result).toEqual({ signedOut: true, revocation: 'revoked' });
    expect(r.stand.revoked).toEqual(r.stand.issued.slice(0, 2).reverse());
    expect(await privateEntries()).toHaveLength(0);
    expect(statusOf(r.engine)?.state).toMatch(/^(none|required)$/);
    await expect(readFile(join(r.dir, 'auth', 'tokens.json'), 'utf8')).resolves.not.toContain(r.stand.issued[0]);
  });

  it('signing in again goes through the browser; another user drops the first one\'s private cache entries', async () => {
    const r = await rig();
    await signedIn(r);
    await call(r.engine, 'resources.read', { serverId: 'notes', uri: 'note://secret' });
    const privateEntries = async () => (await call<CacheSnapshot>(r.engine, 'cache.snapshot', {})).entries.filter(e => e.serverId === 'notes' && e.scope === 'private');
    expect(await privateEntries()).toHaveLength(1);

    r.stand.signInAs('bob');
    await call(r.engine, 'auth.signIn', { serverId: 'notes' });
    expect(r.opened).toHaveLength(2);
    const reconnected = nextEvent(r.engine.bus, 'serverState', s => s.id === 'notes' && s.status === 'connected' && s.auth?.user === 'bob');
    await approve(r.opened[1]);
    await reconnected;
    expect(await privateEntries()).toHaveLength(0);
  });

  it('refreshes a token before it expires, keeping the user and the cache partition', async () => {
    // Tokens live 30 s, inside the minute ahead of expiry in which the engine refreshes: every request refreshes first.
    const r = await rig({ expiresIn: 30 });
    await signedIn(r);
    const partition = r.engine.auth.principal('notes');
    await call(r.engine, 'resources.read', { serverId: 'notes', uri: 'note://secret', cacheMode: 'bypass' });
    expect(r.stand.grants).toContain('refresh_token');
    expect(r.engine.auth.principal('notes')).toBe(partition);
    expect(statusOf(r.engine)).toMatchObject({ state: 'signed-in', user: 'ada' });
  });
});

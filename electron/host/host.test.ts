// The pure parts of both shells: CSP, link vetting, renderer file mapping, call-envelope handling.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { EngineHost, HostMethods } from '../../shared/contract';
import { handleCall, replyErrorFor } from './call-envelope';
import { contentSecurityPolicy } from './csp';
import { vetExternalUrl } from '../../shared/external-url';
import { rendererFileFor } from './renderer-files';

describe('contentSecurityPolicy', () => {
  it('allows only own scripts and styles, no framing, no network beyond connect extras', () => {
    const csp = contentSecurityPolicy({ connect: ['ws://127.0.0.1:1234'] });
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:1234");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('vetExternalUrl', () => {
  it('lets http(s) through and refuses every other scheme and embedded credentials', () => {
    expect(vetExternalUrl('https://example.com/x?y=1')?.toString()).toBe('https://example.com/x?y=1');
    expect(vetExternalUrl('http://example.com')).not.toBeNull();
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'ms-settings:', 'mailto:a@b.c', 'https://user:pw@example.com', 'not a url', '']) {
      expect(vetExternalUrl(bad), bad).toBeNull();
    }
  });
});

describe('rendererFileFor', () => {
  const root = path.resolve('/srv/renderer');
  it('maps / to index.html and keeps paths inside the root', () => {
    expect(rendererFileFor(root, '/')).toBe(path.join(root, 'index.html'));
    expect(rendererFileFor(root, '/assets/a.js')).toBe(path.join(root, 'assets', 'a.js'));
    expect(rendererFileFor(root, '/a%20b.css')).toBe(path.join(root, 'a b.css'));
  });
  it('refuses traversal, encoded traversal, backslashes, NUL and bad escapes', () => {
    for (const bad of ['/../etc/passwd', '/..%2f..%2fetc/passwd', '/assets/..%5c..%5cx', '/a%00b', '/%E0%A4%A']) {
      expect(rendererFileFor(root, bad), bad).toBeNull();
    }
  });
});

describe('handleCall', () => {
  const host: EngineHost = {
    dispatch: async (method, params) => {
      if (method === 'fail.typed') throw { error: { code: 'timeout', message: 'slow', rpcCode: 1 } };
      if (method === 'fail.plain') throw new Error('kaput');
      return { method, params };
    },
    subscribe: () => () => {}
  };

  it('replies ok with the dispatch result', async () => {
    expect(await handleCall(host, { type: 'call', id: 3, method: 'servers.list', params: {} })).toEqual({
      type: 'reply',
      id: 3,
      ok: true,
      result: { method: 'servers.list', params: {} }
    });
  });

  it('keeps typed errors and turns anything else into internal', async () => {
    expect(await handleCall(host, { type: 'call', id: 1, method: 'fail.typed', params: {} })).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: 'slow', rpcCode: 1 }
    });
    expect(await handleCall(host, { type: 'call', id: 2, method: 'fail.plain', params: {} })).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'kaput' }
    });
  });

  it('answers malformed envelopes with a protocol error, with their id when readable', async () => {
    expect(await handleCall(host, { type: 'call', id: 5, method: 42 })).toMatchObject({ id: 5, ok: false, error: { code: 'protocol' } });
    expect(await handleCall(host, 'junk')).toMatchObject({ id: -1, ok: false, error: { code: 'protocol' } });
    expect(await handleCall(host, { type: 'call', id: -3, method: 'x' })).toMatchObject({ id: -1, ok: false });
  });

  it('routes host methods to the host instead of the engine, with their params validated', async () => {
    // A stand-in host: this test only opens links.
    const hostMethods: HostMethods = {
      'shell.openExternal': async ({ url }) => ({ opened: url === 'https://a.b' }),
      'file.save': async () => {
        throw new Error('file.save is not part of this test');
      },
      'content.save': async () => {
        throw new Error('content.save is not part of this test');
      }
    };
    const reply = await handleCall(host, { type: 'call', id: 4, method: 'shell.openExternal', params: { url: 'https://a.b' } }, hostMethods);
    expect(reply).toEqual({ type: 'reply', id: 4, ok: true, result: { opened: true } });
    const bad = await handleCall(host, { type: 'call', id: 6, method: 'shell.openExternal', params: { url: 3 } }, hostMethods);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });

  it('refuses host methods where the host has none (browser mode: the page answers them), as the engine did', async () => {
    expect(await handleCall(host, { type: 'call', id: 7, method: 'file.save', params: { suggestedName: 'a', data: '', encoding: 'utf8' } })).toEqual({
      type: 'reply',
      id: 7,
      ok: false,
      error: { code: 'unsupported', message: 'file.save is not available in this engine' }
    });
  });

  it('replyErrorFor reads AppErrorException-style errors', () => {
    expect(replyErrorFor({ appError: { code: 'config', message: 'bad' } })).toEqual({ code: 'config', message: 'bad' });
    expect(replyErrorFor({ code: 'ENOENT', message: 'x' })).toEqual({ code: 'internal', message: 'x' });
  });
});

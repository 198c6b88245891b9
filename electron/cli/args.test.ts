import { describe, expect, it } from 'vitest';
import { ADHOC_SERVER_ID, parseCliArgs } from './args';
import { splitCommandLine } from './command-line';

describe('parseCliArgs', () => {
  it('parses configured-server commands', () => {
    expect(parseCliArgs(['read', 'ref', 'a://1', 'a://2', '--config', 'c.json'])).toMatchObject({ command: 'read', serverId: 'ref', uris: ['a://1', 'a://2'], configPath: 'c.json' });
    const servers = parseCliArgs(['servers']);
    expect(servers.command).toBe('servers');
    expect(servers.serverId).toBeUndefined();
  });

  it('builds ad hoc servers from --stdio and --url', () => {
    expect(parseCliArgs(['list', '--stdio', 'node "my server.js" --flag'])).toMatchObject({
      serverId: ADHOC_SERVER_ID,
      adhoc: { command: 'node', args: ['my server.js', '--flag'] }
    });
    expect(parseCliArgs(['read', '--url', 'http://127.0.0.1:5/mcp', '--sse', '--header', 'Authorization: Bearer t', 'x://1'])).toMatchObject({
      uris: ['x://1'],
      adhoc: { type: 'sse', url: 'http://127.0.0.1:5/mcp', headers: { Authorization: 'Bearer t' } }
    });
    expect(parseCliArgs(['list', '--url', 'http://127.0.0.1:5/mcp', '--header', 'A: 1', '--header=B:2']).adhoc).toMatchObject({ headers: { A: '1', B: '2' } });
  });

  it('parses complete (the prefix optional, other arguments as --context) and watch', () => {
    expect(parseCliArgs(['complete', 'ref', 'ref://users/{org}/{user}/profile', 'user', 'ada', '--context', 'org=acme', '--context=x=a=b'])).toMatchObject({
      command: 'complete',
      serverId: 'ref',
      completion: { uriTemplate: 'ref://users/{org}/{user}/profile', argument: 'user', prefix: 'ada', context: { org: 'acme', x: 'a=b' } }
    });
    expect(parseCliArgs(['complete', 'ref', 'x://{a}', 'a']).completion).toEqual({ uriTemplate: 'x://{a}', argument: 'a', prefix: '', context: {} });
    expect(parseCliArgs(['complete', '--url', 'http://127.0.0.1:5/mcp', 'x://{a}', 'a', 'p'])).toMatchObject({ serverId: 'adhoc', completion: { prefix: 'p' } });
    expect(parseCliArgs(['watch', 'ref', 'ref://live/clock', 'ref://live/counter'])).toMatchObject({ command: 'watch', serverId: 'ref', uris: ['ref://live/clock', 'ref://live/counter'] });
  });

  it('reads options anywhere, -h as help, and takes what follows -- as arguments', () => {
    expect(parseCliArgs(['--timeout=500', 'list', '--data-dir', '/d', 'ref'])).toMatchObject({ command: 'list', serverId: 'ref', timeoutMs: 500, dataDir: '/d' });
    expect(parseCliArgs(['-h']).help).toBe(true);
    expect(parseCliArgs(['read', 'ref', '--', '--odd-uri'])).toMatchObject({ uris: ['--odd-uri'] });
  });

  it.each([
    [[], /Missing command/],
    [['nope'], /Unknown command/],
    [['list'], /needs a server name/],
    [['read', 'ref'], /at least one URI/],
    [['watch', 'ref'], /watch needs at least one URI/],
    [['complete', 'ref', 'x://{a}'], /complete needs a template and an argument/],
    [['complete', 'ref', 'x://{a}', 'a', 'p', 'q'], /Unexpected argument "q"/],
    [['complete', 'ref', 'x://{a}', 'a', '--context', 'nope'], /--context must look like "name=value"/],
    [['list', 'ref', '--context', 'a=1'], /--context goes with complete/],
    [['list', 'ref', '--bogus'], /Unknown option '--bogus'/],
    [['list', 'ref', '--config'], /--config <value>' argument missing/],
    [['list', 'ref', '--config='], /--config needs a value/],
    [['list', 'ref', '--timeout', '0'], /--timeout must be a positive number/],
    [['list', 'ref', '--sse=1'], /--sse' does not take an argument/],
    [['list', 'ref', '--header', 'X: 1'], /--sse and --header need --url/],
    [['list', '--url', 'http://x', '--header', 'no colon'], /--header must look like "Name: value"/],
    [['list', '--url', 'ftp://x'], /--url\.url: /],
    [['list', '--stdio', 'a', '--url', 'http://x'], /either --stdio or --url/],
    [['list', 'ref', 'extra'], /Unexpected argument/],
    [['list', '--stdio', '"unterminated'], /unterminated/]
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

describe('splitCommandLine', () => {
  it('handles quotes and escapes like a shell, without a shell', () => {
    expect(splitCommandLine(`npx  tsx 'a b' "c \\"d\\"" e\\ f ''`)).toEqual(['npx', 'tsx', 'a b', 'c "d"', 'e f', '']);
  });
});

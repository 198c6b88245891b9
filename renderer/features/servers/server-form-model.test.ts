import { describe, expect, it } from 'vitest';
import { emptyServerForm, parseServerForm } from './server-form-model';

describe('parseServerForm', () => {
  it('builds a stdio entry with one argument per line and KEY=value env', () => {
    const parsed = parseServerForm({ ...emptyServerForm, name: ' local ', command: 'node', args: 'server.js\n--flag with space\n', env: 'A=1\nB = two' });
    expect(parsed).toEqual({ ok: true, serverId: 'local', config: { command: 'node', args: ['server.js', '--flag with space'], env: { A: '1', B: 'two' } } });
  });

  it('builds an HTTP entry with headers and a bearer token', () => {
    const parsed = parseServerForm({ ...emptyServerForm, name: 'remote', transport: 'http', url: 'https://mcp.example.com/mcp', headers: 'X-Team: blue', bearerToken: 'tok' });
    expect(parsed).toEqual({
      ok: true,
      serverId: 'remote',
      config: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'blue', Authorization: 'Bearer tok' } }
    });
  });

  it('builds a legacy SSE entry: every URL kind becomes the entry type', () => {
    const parsed = parseServerForm({ ...emptyServerForm, name: 'old', transport: 'sse', url: 'http://127.0.0.1:1/sse' });
    expect(parsed).toEqual({ ok: true, serverId: 'old', config: { type: 'sse', url: 'http://127.0.0.1:1/sse' } });
  });

  it('names the bad field', () => {
    expect(parseServerForm({ ...emptyServerForm, command: 'x' })).toEqual({ ok: false, message: 'name: give the server a name' });
    expect(parseServerForm({ ...emptyServerForm, name: 'a' })).toMatchObject({ ok: false, message: expect.stringMatching(/^command: /) });
    expect(parseServerForm({ ...emptyServerForm, name: 'a', transport: 'http', url: 'ftp://x' })).toMatchObject({ ok: false, message: expect.stringMatching(/^url: /) });
    expect(parseServerForm({ ...emptyServerForm, name: 'a', command: 'x', env: 'NOEQUALS' })).toMatchObject({ ok: false, message: expect.stringMatching(/^env: "NOEQUALS"/) });
  });
});

import { describe, expect, it } from 'vitest';
import { REDACTED_SECRET } from '../../../shared/contract';
import { emptyServerForm, formFromEntry, parseServerForm } from './server-form-model';

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
    expect(parseServerForm({ ...emptyServerForm, command: 'x' })).toEqual({ ok: false, problem: { reason: 'nameMissing' } });
    expect(parseServerForm({ ...emptyServerForm, name: 'a' })).toMatchObject({ ok: false, problem: { reason: 'invalid', issue: expect.stringMatching(/^command: /) } });
    expect(parseServerForm({ ...emptyServerForm, name: 'a', transport: 'http', url: 'ftp://x' })).toMatchObject({ ok: false, problem: { issue: expect.stringMatching(/^url: /) } });
    expect(parseServerForm({ ...emptyServerForm, name: 'a', command: 'x', env: 'NOEQUALS' })).toEqual({
      ok: false,
      problem: { reason: 'badPair', field: 'env', line: 'NOEQUALS', separator: '=' }
    });
  });
});

describe('formFromEntry', () => {
  it('shows a stored stdio entry and gives back the same entry, redacted env values and cwd included', () => {
    const entry = { command: 'node', args: ['a b.js', '-v'], env: { KEY: REDACTED_SECRET, MODE: 'dev' }, cwd: '/srv' };
    const { fields, kept } = formFromEntry('local', entry);
    expect(fields).toMatchObject({ name: 'local', transport: 'stdio', command: 'node', args: 'a b.js\n-v', env: `KEY=${REDACTED_SECRET}\nMODE=dev` });
    expect(parseServerForm(fields, kept)).toEqual({ ok: true, serverId: 'local', config: entry });
  });

  it('keeps redacted headers and OAuth settings of a URL entry; a typed bearer token replaces Authorization', () => {
    const entry = { type: 'http' as const, url: 'https://x.example/mcp', headers: { Authorization: REDACTED_SECRET, 'X-Team': 'blue' }, oauth: { clientId: 'c', clientSecret: REDACTED_SECRET } };
    const { fields, kept } = formFromEntry('remote', entry);
    expect(fields.headers).toBe(`Authorization: ${REDACTED_SECRET}\nX-Team: blue`);
    expect(parseServerForm(fields, kept)).toEqual({ ok: true, serverId: 'remote', config: entry });
    expect(parseServerForm({ ...fields, bearerToken: 'new' }, kept)).toMatchObject({ ok: true, config: { headers: { Authorization: 'Bearer new', 'X-Team': 'blue' } } });
  });
});

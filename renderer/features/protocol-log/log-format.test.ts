import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../shared/contract';
import i18next from 'i18next';
import { entryHint, rpcErrorOf, toJsonl } from './log-format';
import { appendEntries, indexOfSeq } from './log-store';
import { editableParams, parseParams } from './ReplayForm';

const tLog = i18next.getFixedT('en', 'log');

const entry = (seq: number, extra: Partial<LogEntry> = {}): LogEntry => ({
  seq,
  serverId: 's',
  at: 0,
  direction: 'out',
  kind: 'request',
  message: {},
  size: 2,
  ...extra
});

describe('appendEntries', () => {
  it('skips entries already held and links an earlier request to its response', () => {
    const held = [entry(1), entry(2, { method: 'resources/read' })];
    const next = appendEntries(held, [entry(2), entry(3, { kind: 'response', direction: 'in', pairSeq: 2 })]);
    expect(next.map(e => e.seq)).toEqual([1, 2, 3]);
    expect(next[1].pairSeq).toBe(3);
    expect(held[1].pairSeq).toBeUndefined();
  });

  it('keeps only the newest entries within the bound', () => {
    const next = appendEntries([entry(1), entry(2)], [entry(3), entry(4)], 3);
    expect(next.map(e => e.seq)).toEqual([2, 3, 4]);
  });

  it('returns the same array when nothing is new (no re-render)', () => {
    const held = [entry(1)];
    expect(appendEntries(held, [entry(1)])).toBe(held);
  });
});

describe('indexOfSeq', () => {
  it('finds entries by seq in a sorted list', () => {
    const list = [entry(3), entry(5), entry(9)];
    expect(indexOfSeq(list, 5)).toBe(1);
    expect(indexOfSeq(list, 4)).toBe(-1);
  });
});

describe('log formatting', () => {
  it('hints at the URI of a request and the code of an error', () => {
    expect(entryHint(entry(1, { message: { params: { uri: 'test://a' } } }))).toBe('test://a');
    const error = entry(2, { kind: 'error', direction: 'in', message: { error: { code: -32602, message: 'Resource not found' } } });
    expect(entryHint(error)).toBe('-32602 Resource not found');
    expect(rpcErrorOf(error)).toEqual({ code: -32602, message: 'Resource not found' });
  });

  it('formats sizes and latencies', () => {
    const t = i18next.getFixedT('en', 'log');
    expect(t('size', { size: 512 })).toBe('512 B');
    expect(t('size', { size: 2048 })).toBe('2 kB');
    expect(t('latency', { ms: 3.25 })).toBe('3.3 ms');
    expect(t('latency', { ms: 1500 })).toBe('1.50 sec');
    expect(i18next.getFixedT('zh-TW', 'log')('latency', { ms: 1500 })).toBe('1.50 秒');
  });

  it('exports one JSON entry per line', () => {
    const text = toJsonl([entry(1), entry(2)]);
    expect(text.trimEnd().split('\n').map(line => (JSON.parse(line) as LogEntry).seq)).toEqual([1, 2]);
    expect(toJsonl([])).toBe('');
  });
});

describe('replay params', () => {
  it('leaves out the protocol _meta the client adds itself, keeping any other _meta', () => {
    expect(
      editableParams({ uri: 'test://a', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', trace: 'x' } })
    ).toEqual({ uri: 'test://a', _meta: { trace: 'x' } });
    expect(editableParams({ uri: 'test://a', _meta: { 'io.modelcontextprotocol/clientInfo': {} } })).toEqual({ uri: 'test://a' });
    expect(editableParams(undefined)).toEqual({});
  });

  it('accepts a JSON object and explains anything else', () => {
    expect(parseParams('{"uri":"test://b"}', tLog)).toEqual({ uri: 'test://b' });
    expect(parseParams('  ', tLog)).toEqual({});
    expect(parseParams('[1]', tLog)).toMatch(/must be a JSON object/);
    expect(parseParams('{', tLog)).toMatch(/not valid JSON/);
  });
});

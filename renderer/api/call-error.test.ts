import { describe, expect, it } from 'vitest';
import { EngineCallError } from '../../shared/contract';
import { callErrorOf } from './call-error';

describe('callErrorOf', () => {
  it('returns the typed error a failed call carries', () => {
    const error = { code: 'not_found', message: 'gone', rpcCode: -32602, data: { uri: 'a://b' } } as const;
    expect(callErrorOf(new EngineCallError(error))).toBe(error);
  });

  it('wraps anything else as unknown', () => {
    expect(callErrorOf(new TypeError('boom'))).toEqual({ code: 'unknown', message: 'boom' });
    expect(callErrorOf('plain')).toEqual({ code: 'unknown', message: 'plain' });
  });
});

// Error mapping to typed app errors, from the exact error objects the SDK raises.
import { ProtocolError, ResourceNotFoundError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { AppErrorException, RPC_TOO_LARGE, appErrorFrom } from './errors';

describe('appErrorFrom', () => {
  it.each([
    ['-32602 with data.uri', new ProtocolError(-32602, 'Resource not found', { uri: 'a://b' }), 'not_found'],
    ['ResourceNotFoundError', new ResourceNotFoundError('a://b'), 'not_found'],
    ['legacy -32002', new ProtocolError(-32002, 'not found'), 'not_found'],
    ['-32602 without uri', new ProtocolError(-32602, 'bad cursor'), 'invalid_params'],
    // The SDK's rule: not found only for data of exactly { uri }; any other -32602 is plain invalid params.
    ['-32602 with { uri, reason } (a sandbox refusal)', new ProtocolError(-32602, 'Refused: path traversal', { uri: 'file:///../x', reason: 'path-traversal' }), 'invalid_params'],
    ['-32602 with { uri, detail }', new ProtocolError(-32602, 'bad', { uri: 'a://b', detail: 1 }), 'invalid_params'],
    ['-32602 with a non-string uri', new ProtocolError(-32602, 'bad', { uri: 7 }), 'invalid_params'],
    ['-32602 as the SDK rebuilds it from the wire', ProtocolError.fromError(-32602, 'Resource not found', { uri: 'a://b' }), 'not_found'],
    ['legacy -32002 with extra data', new ProtocolError(-32002, 'not found', { uri: 'a://b', hint: 'x' }), 'not_found'],
    ['-32603', new ProtocolError(-32603, 'boom'), 'internal'],
    ['-32601', new ProtocolError(-32601, 'no such method'), 'unsupported'],
    ['-32021', new ProtocolError(-32021, 'needs elicitation'), 'input_required'],
    ['oversize guard', new ProtocolError(RPC_TOO_LARGE, 'too big', { size: 5, limit: 1 }), 'too_large'],
    ['other JSON-RPC code', new ProtocolError(-32000, 'custom'), 'protocol'],
    ['SDK timeout', new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), 'timeout'],
    ['connection closed', new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), 'transport'],
    ['negotiation failed', new SdkError(SdkErrorCode.EraNegotiationFailed, 'fetch failed'), 'transport'],
    ['invalid result', new SdkError(SdkErrorCode.InvalidResult, 'missing resultType'), 'protocol'],
    ['rounds exceeded', new SdkError(SdkErrorCode.InputRequiredRoundsExceeded, 'too many'), 'input_required'],
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), 'transport'],
    ['fetch failed with cause', new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }), 'transport'],
    ['spawn ENOENT', Object.assign(new Error('spawn nope ENOENT'), { code: 'ENOENT' }), 'transport'],
    ['AbortError', Object.assign(new Error('aborted'), { name: 'AbortError' }), 'cancelled'],
    ['anything else', new Error('weird'), 'unknown']
  ])('%s', (_label, error, code) => {
    expect(appErrorFrom(error).code).toBe(code);
  });

  it('keeps the JSON-RPC code and the server data, and clips long server messages', () => {
    const mapped = appErrorFrom(new ProtocolError(-32602, `Resource not found ${'x'.repeat(2000)}`, { uri: 'a://b' }));
    expect(mapped).toMatchObject({ code: 'not_found', rpcCode: -32602, data: { uri: 'a://b' } });
    expect(mapped.message.length).toBeLessThanOrEqual(501);
  });

  it("shows the server's own message for invalid params, clipped as every server message", () => {
    const refusal = appErrorFrom(new ProtocolError(-32602, 'Refused: path traversal outside the sandbox', { uri: 'file:///../x', reason: 'path-traversal' }));
    expect(refusal).toEqual({ code: 'invalid_params', rpcCode: -32602, message: 'Refused: path traversal outside the sandbox', data: { uri: 'file:///../x', reason: 'path-traversal' } });
    expect(appErrorFrom(new ProtocolError(-32602, 'y'.repeat(2000), { uri: 'a://b', reason: 'r' })).message).toHaveLength(501);
  });

  it('passes typed errors through unchanged', () => {
    const error = { code: 'too_large' as const, message: 'big', data: { size: 1 } };
    expect(appErrorFrom(new AppErrorException(error))).toBe(error);
  });
});

// Spec (caching, cache key): results of MRTR retries — requests carrying `inputResponses` or
// `requestState` — MUST NOT be cached. The SDK 2.4 client stores the final result of an automatic
// input-required flow like any other, so the transport marks the call that sent such a retry and the
// store refuses that call's write.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { currentCall, markUntrackedRetry } from './call-context';
import { LIST_METHODS } from './keys';

interface RetryRequest {
  method: string;
  /** The cache-key params of the request: the uri of a read, '' for a list. */
  keyParams: string;
}

function mrtrRetry(message: JSONRPCMessage): RetryRequest | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const params = (message as { params?: Record<string, unknown> }).params;
  if (params === undefined || (params.inputResponses === undefined && params.requestState === undefined)) return undefined;
  const uri = typeof params.uri === 'string' ? params.uri : '';
  return { method: message.method, keyParams: LIST_METHODS.has(message.method) ? '' : uri };
}

export function guardTransport<T extends Transport>(inner: T): T {
  const send: Transport['send'] = (message, options) => {
    const retry = mrtrRetry(message);
    if (retry) {
      const call = currentCall();
      if (call) call.mrtrRetry = true;
      else markUntrackedRetry(retry.method, retry.keyParams);
    }
    return inner.send(message, options);
  };
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'send') return send;
      const value: unknown = Reflect.get(target, prop, target);
      // Bound so the real transport's private state keeps working.
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, prop, value: unknown) {
      return Reflect.set(target, prop, value, target);
    }
  });
}

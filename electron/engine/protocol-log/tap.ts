// A transparent Proxy around any SDK transport that reports every JSON-RPC frame: outgoing through
// `send`, incoming through the `onmessage` handler the SDK installs. Everything else passes through.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Direction } from '../../../shared/contract';

export type FrameListener = (direction: Direction, message: JSONRPCMessage) => void;

export interface TapOptions {
  listen: FrameListener;
}

type MessageHandler = NonNullable<Transport['onmessage']>;

export function tapTransport<T extends Transport>(inner: T, options: TapOptions): T {
  const report = (direction: Direction, message: JSONRPCMessage) => {
    try {
      options.listen(direction, message);
    } catch (err) {
      // The log must never break the connection it observes.
      console.error('[protocol-log] recording a frame failed:', err);
    }
  };

  // The handler the SDK installed, returned by reads of `onmessage` so that code which chains the
  // previous handler (Protocol.connect, the era probe window) chains the SDK's, not ours: no frame is
  // reported twice.
  let userOnMessage: MessageHandler | undefined;
  const install = (handler: MessageHandler | undefined) => {
    userOnMessage = handler;
    inner.onmessage = handler
      ? (message, extra) => {
          report('in', message);
          handler(message, extra);
        }
      : undefined;
  };
  // A handler set on the raw transport before tapping (an observer) stays in place and is what the
  // SDK finds and chains when it installs its own.
  if (inner.onmessage) install(inner.onmessage);
  const send: Transport['send'] = (message, sendOptions) => {
    report('out', message);
    return inner.send(message, sendOptions);
  };

  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'send') return send;
      if (prop === 'onmessage') return userOnMessage;
      const value: unknown = Reflect.get(target, prop, target);
      // Bound, so private fields and `this`-based state of the real transport keep working.
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, prop, value: unknown) {
      if (prop !== 'onmessage') return Reflect.set(target, prop, value, target);
      install(typeof value === 'function' ? (value as MessageHandler) : undefined);
      return true;
    }
  });
}

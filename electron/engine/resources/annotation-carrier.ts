// Annotations past the SDK's result checks. The SDK client (2.4) checks every resources/list and
// resources/templates/list page of a 2026 server against its schema and refuses the whole page when one item's
// annotations break it (a priority of 7, a lastModified that is not an ISO datetime); and its read schema has no
// `annotations` on contents, so it drops them. The engine judges annotations item by item instead (items.ts: the
// valid ones kept, the invalid ones reported), so this transport layer moves each listed item's, template's and
// read content's `annotations` into its `_meta`, under ANNOTATIONS_META_KEY, before the SDK decodes the
// result: the SDK neither checks nor drops `_meta`, and items.ts reads them back from there.
//
// It sits between the protocol-log tap and the Client: the log keeps frames as they travelled. Frames are
// copied where they change, never changed in place (the log holds the original object).
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

const ANNOTATIONS_META_KEY = 'io.github.mcp-resource-browser/annotations';

/** The result field holding the items whose annotations are carried, per method. */
const ITEMS_OF: Readonly<Record<string, string>> = {
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'resources/read': 'contents'
};

/** Requests whose answer never came (timed out, cancelled) are forgotten past this many in flight. */
const MAX_PENDING = 1000;

type Loose = Record<string, unknown>;
type MessageHandler = NonNullable<Transport['onmessage']>;

const isPlainObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The annotations a carried item had, as the server sent them; undefined when it had none (or was not carried). */
export function carriedAnnotations(item: Loose): unknown {
  const meta = item._meta;
  return isPlainObject(meta) ? meta[ANNOTATIONS_META_KEY] : undefined;
}

function carryItem(item: unknown): unknown {
  if (!isPlainObject(item) || item.annotations === undefined || (item._meta !== undefined && !isPlainObject(item._meta))) return item;
  const { annotations, ...rest } = item;
  return { ...rest, _meta: { ...(item._meta as Loose | undefined), [ANNOTATIONS_META_KEY]: annotations } };
}

function carryResult(message: JSONRPCMessage, itemsKey: string): JSONRPCMessage {
  const result = (message as { result?: unknown }).result;
  if (!isPlainObject(result) || !Array.isArray(result[itemsKey])) return message;
  const items = result[itemsKey] as unknown[];
  if (!items.some(item => isPlainObject(item) && item.annotations !== undefined)) return message;
  return { ...message, result: { ...result, [itemsKey]: items.map(carryItem) } } as JSONRPCMessage;
}

export function carryAnnotations<T extends Transport>(inner: T): T {
  /** Requests in flight whose results carry annotations: JSON-RPC id -> the items field. */
  const pending = new Map<string | number, string>();
  let userOnMessage: MessageHandler | undefined;
  const install = (handler: MessageHandler | undefined) => {
    userOnMessage = handler;
    inner.onmessage = handler
      ? (message, extra) => {
          const id = (message as { id?: unknown }).id;
          const itemsKey = (typeof id === 'string' || typeof id === 'number') && !('method' in message) ? pending.get(id) : undefined;
          if (itemsKey === undefined) return handler(message, extra);
          pending.delete(id as string | number);
          handler(carryResult(message, itemsKey), extra);
        }
      : undefined;
  };
  if (inner.onmessage) install(inner.onmessage);
  const send: Transport['send'] = (message, options) => {
    if ('method' in message && 'id' in message && Object.hasOwn(ITEMS_OF, message.method)) {
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string | number);
      pending.set(message.id, ITEMS_OF[message.method]);
    }
    return inner.send(message, options);
  };
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'send') return send;
      if (prop === 'onmessage') return userOnMessage;
      const value: unknown = Reflect.get(target, prop, target);
      // Bound so the real transport's private state keeps working; the constructor stays as is because the
      // SDK builds sibling transports (the stdio era probe) through it.
      return typeof value === 'function' && prop !== 'constructor' ? value.bind(target) : value;
    },
    set(target, prop, value: unknown) {
      if (prop === 'onmessage') {
        install(value as MessageHandler | undefined);
        return true;
      }
      return Reflect.set(target, prop, value, target);
    }
  });
}

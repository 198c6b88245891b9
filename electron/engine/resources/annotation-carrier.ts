// Annotations past the SDK's result checks. The SDK client (2.4) checks every resources/list and
// resources/templates/list page of a 2026 server against its schema and refuses the whole page when one item's
// annotations break it (a priority of 7, a lastModified that is not an ISO datetime); and its read schema has no
// `annotations` on contents, so it drops them. The engine judges annotations item by item instead (items.ts: the
// valid ones kept, the invalid ones reported), so this transport layer moves annotations into the item's
// `_meta`, under ANNOTATIONS_META_KEY, before the SDK decodes the result: the SDK neither checks nor drops
// `_meta`, and items.ts reads them back from there. For lists only the items the SDK would refuse are moved
// (a listing of 100k annotated items is not copied for nothing); for reads, every content's.
//
// It sits between the protocol-log tap and the Client: the log keeps frames as they travelled. Frames are
// copied where they change, never changed in place (the log holds the original object).
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isAudience, validPriority } from '../../../shared/annotations';
import { canonicalIsoMs, dayExists } from '../../../shared/contract';

const ANNOTATIONS_META_KEY = 'io.github.mcp-resource-browser/annotations';

/** Requests whose answer never came (timed out, cancelled) are forgotten past this many in flight. */
const MAX_PENDING = 1000;

type Loose = Record<string, unknown>;
type MessageHandler = NonNullable<Transport['onmessage']>;

const isPlainObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Carried {
  /** The result field holding the items. */
  itemsKey: string;
  /** Whether an item's annotations must be moved (the SDK would refuse or drop them where they are). */
  move(annotations: unknown): boolean;
}

/**
 * A date-time every ISO datetime check accepts (the SDK's included): real month, day, hour, minute and second
 * ranges, seconds given, a zone (Z or ±hh:mm). Checked here, once per listed item, so it is one regular
 * expression and a day count rather than a parse; the form `toISOString` writes (nearly every date) is read from
 * its digits first (`canonicalIsoMs`), without the expression.
 */
const FULL_DATE_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

function isFullDateTime(text: string): boolean {
  if (!Number.isNaN(canonicalIsoMs(text))) return true;
  const m = FULL_DATE_TIME.exec(text);
  return m !== null && dayExists(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** True when the SDK's annotations schema surely accepts `annotations` as they are; anything in doubt is moved. */
function sdkAccepts(annotations: unknown): boolean {
  if (!isPlainObject(annotations)) return false;
  const { audience, priority, lastModified } = annotations;
  return (
    (audience === undefined || (Array.isArray(audience) && audience.every(isAudience))) &&
    (priority === undefined || validPriority(priority) !== undefined) &&
    (lastModified === undefined || (typeof lastModified === 'string' && isFullDateTime(lastModified)))
  );
}

const moveRefused = (annotations: unknown) => !sdkAccepts(annotations);

/** The methods whose results carry annotations, and which of them are moved. */
const CARRIED: Readonly<Record<string, Carried>> = {
  'resources/list': { itemsKey: 'resources', move: moveRefused },
  'resources/templates/list': { itemsKey: 'resourceTemplates', move: moveRefused },
  // The read schema has no annotations at all: the SDK would drop every one.
  'resources/read': { itemsKey: 'contents', move: () => true }
};

/** The annotations a carried item had, as the server sent them; undefined when it had none (or was not carried). */
export function carriedAnnotations(item: Loose): unknown {
  const meta = item._meta;
  return isPlainObject(meta) ? meta[ANNOTATIONS_META_KEY] : undefined;
}

/** Whether `item`'s annotations are to be moved (and can be: a `_meta` that is not an object is left alone). */
function toMove(item: unknown, carried: Carried): item is Loose {
  return isPlainObject(item) && item.annotations !== undefined && (item._meta === undefined || isPlainObject(item._meta)) && carried.move(item.annotations);
}

function carryItem(item: Loose): Loose {
  const { annotations, ...rest } = item;
  return { ...rest, _meta: { ...(item._meta as Loose | undefined), [ANNOTATIONS_META_KEY]: annotations } };
}

function carryResult(message: JSONRPCMessage, carried: Carried): JSONRPCMessage {
  const result = (message as { result?: unknown }).result;
  const items = isPlainObject(result) ? result[carried.itemsKey] : undefined;
  if (!Array.isArray(items) || !items.some(item => toMove(item, carried))) return message;
  const moved = items.map((item: unknown) => (toMove(item, carried) ? carryItem(item) : item));
  return { ...message, result: { ...(result as Loose), [carried.itemsKey]: moved } } as JSONRPCMessage;
}

export function carryAnnotations<T extends Transport>(inner: T): T {
  /** Requests in flight whose results carry annotations, by JSON-RPC id. */
  const pending = new Map<string | number, Carried>();
  let userOnMessage: MessageHandler | undefined;
  const install = (handler: MessageHandler | undefined) => {
    userOnMessage = handler;
    inner.onmessage = handler
      ? (message, extra) => {
          const id = (message as { id?: unknown }).id;
          const carried = (typeof id === 'string' || typeof id === 'number') && !('method' in message) ? pending.get(id) : undefined;
          if (carried === undefined) return handler(message, extra);
          pending.delete(id as string | number);
          handler(carryResult(message, carried), extra);
        }
      : undefined;
  };
  if (inner.onmessage) install(inner.onmessage);
  const send: Transport['send'] = (message, options) => {
    if ('method' in message && 'id' in message && Object.hasOwn(CARRIED, message.method)) {
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string | number);
      pending.set(message.id, CARRIED[message.method]);
    }
    return inner.send(message, options);
  };
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'send') return send;
      if (prop === 'onmessage') return userOnMessage;
      const value: unknown = Reflect.get(target, prop, target);
      // Bound so the real transport's private state keeps working.
      return typeof value === 'function' ? value.bind(target) : value;
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

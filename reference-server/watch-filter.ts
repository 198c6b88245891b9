// A client may watch only URIs this server serves (Registry.checkWatchable). On 2025-11-25, resources/subscribe
// answers an error for anything else (server-factory.ts). On 2026-07-28 the SDK serves subscriptions/listen
// itself and acknowledges whatever it was asked, so the request is narrowed before the SDK sees it: URIs that
// name nothing here are left out of `resourceSubscriptions`, and the acknowledgement the client gets lists
// only what is honoured. HTTP narrows the parsed body (http-entry.ts); stdio narrows inbound messages on the
// transport (narrowingListens below).
import { DEFAULT_MAX_REQUEST_BODY_SIZE, isJsonContentType, readRequestBody, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { log } from './log';
import type { Registry } from './registry';

type ListenRequest = { method: 'subscriptions/listen'; params: { notifications: { resourceSubscriptions: unknown[] } } };

function isListenWithSubscriptions(message: unknown): message is ListenRequest {
  const m = message as Partial<ListenRequest> | null;
  return typeof m === 'object' && m !== null && m.method === 'subscriptions/listen' &&
    Array.isArray(m.params?.notifications?.resourceSubscriptions);
}

/** Why `uri` cannot be watched, or undefined when it can. */
function refusal(registry: Registry, uri: unknown): string | undefined {
  if (typeof uri !== 'string') return 'not-a-string';
  try {
    registry.checkWatchable(uri);
    return undefined;
  } catch (e) {
    const reason = (e as { data?: { reason?: unknown } }).data?.reason;
    return typeof reason === 'string' ? reason : 'not-found';
  }
}

/** The message with only watchable URIs left in a listen request's `resourceSubscriptions`; anything else as it is. */
export function narrowListen<T>(message: T, registry: Registry): T {
  if (!isListenWithSubscriptions(message)) return message;
  const asked = message.params.notifications.resourceSubscriptions;
  const refused = asked.map(uri => [uri, refusal(registry, uri)] as const).filter(([, why]) => why !== undefined);
  if (refused.length === 0) return message;
  log(`subscriptions/listen: not honouring ${refused.map(([uri, why]) => `${JSON.stringify(uri)} (${why})`).join(', ')}`);
  const honoured = asked.filter(uri => !refused.some(([r]) => r === uri));
  return {
    ...message,
    params: { ...message.params, notifications: { ...message.params.notifications, resourceSubscriptions: honoured } }
  };
}

/** The parsed body of an HTTP request when it is a listen request with resource subscriptions; else undefined. */
export async function listenRequestBody(request: Request): Promise<ListenRequest | undefined> {
  if (request.method !== 'POST' || !isJsonContentType(request.headers.get('content-type'))) return undefined;
  try {
    const read = await readRequestBody(request.clone(), DEFAULT_MAX_REQUEST_BODY_SIZE);
    if (read.tooLarge) return undefined;
    const body: unknown = JSON.parse(read.text);
    return isListenWithSubscriptions(body) ? body : undefined;
  } catch {
    return undefined; // the SDK answers what it cannot read
  }
}

/** Wraps a transport so inbound listen requests are narrowed before the SDK's stdio entry serves them. */
export function narrowingListens<T extends Transport>(transport: T, registry: Registry): T {
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (h: Transport['onmessage']) => {
      handler = h && ((message: JSONRPCMessage, extra) => h(narrowListen(message, registry), extra));
    }
  });
  return transport;
}

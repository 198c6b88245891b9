// Test harness for the protocol-log UI: the real log engine module (ProtocolLog + log.* handlers) behind
// an in-process EngineClient, and a real SDK client talking to a real in-process McpServer through a
// tapped transport. Only the wire (an in-memory linked pair) and the rest of the engine API (answered
// with empty data: it is not what these tests are about) stand in for the full app.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { EngineCallError, methodSchemas, type ClientMethodName, type EngineClient, type MethodName } from '../../shared/contract';
import { appErrorFrom } from '../../electron/engine/errors';
import { EventBus } from '../../electron/engine/event-bus';
import { logHandlers } from '../../electron/engine/protocol-log/handlers';
import { ProtocolLog } from '../../electron/engine/protocol-log/protocol-log';

export interface TestEngine {
  engine: EngineClient;
  log: ProtocolLog;
  client: Client;
  close(): Promise<void>;
}

export async function startTestEngine(serverId = 'ref'): Promise<TestEngine> {
  const bus = new EventBus();
  const log = new ProtocolLog({ bus, flushMs: 10 });
  const server = new McpServer({ name: 'ui-test-server', version: '1.0.0' }, { capabilities: { resources: {} } });
  for (const name of ['alpha', 'beta']) {
    server.registerResource(name, `test://${name}`, { mimeType: 'text/plain' }, async uri => ({ contents: [{ uri: uri.href, text: `content of ${name}` }] }));
  }
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(serverEnd);
  const client = new Client({ name: 'ui-test', version: '1.0.0' });
  await client.connect(log.tap(clientEnd, serverId));

  const handlers = logHandlers(log, {
    clientFor: id => {
      if (id !== serverId) throw new Error(`unknown server ${id}`);
      return client;
    }
  });
  const emptyAnswers: Partial<Record<ClientMethodName, unknown>> = { 'servers.list': [], 'file.save': { saved: true, path: '/tmp/x.jsonl' } };
  const engine: EngineClient = {
    mode: 'browser',
    async call(method, params) {
      const handler = (handlers as Record<string, (p: unknown) => Promise<unknown>>)[method];
      if (!handler) {
        if (method in emptyAnswers) return emptyAnswers[method] as never;
        throw new EngineCallError({ code: 'unsupported', message: `${method} is not part of this test engine` });
      }
      try {
        // Only engine methods have handlers here.
        return (await handler(methodSchemas[method as MethodName].parse(params))) as never;
      } catch (err) {
        throw new EngineCallError(appErrorFrom(err));
      }
    },
    on: (event, listener) => bus.on(event, listener)
  };
  return {
    engine,
    log,
    client,
    close: async () => {
      log.flush();
      await client.close();
      await server.close();
    }
  };
}

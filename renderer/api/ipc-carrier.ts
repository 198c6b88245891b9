// Electron carrier: the contract through the preload's `window.mcpBrowser` (electron/preload.ts). Once
// anything listens to events, the main process is told which events have listeners (and again whenever
// that changes), so it sends this window only those.
import type { EngineClient } from '../../shared/contract';
import { CarrierClient } from './carrier-client';
import { reportEventInterest } from './event-interest-reporter';
import type { McpBrowserPreloadApi } from '../../shared/contract';

export function createIpcClient(api: McpBrowserPreloadApi, callTimeoutMs?: number): EngineClient {
  const client: CarrierClient = new CarrierClient(
    'electron',
    envelope => {
      api.call(envelope).then(
        reply => client.receive(reply),
        (err: unknown) =>
          client.pending.fail(envelope.id, {
            code: 'transport',
            message: `IPC call failed: ${err instanceof Error ? err.message : String(err)}`
          })
      );
    },
    callTimeoutMs
  );
  api.onEvent(event => client.receive(event));
  // IPC never drops, so the interest never needs telling again.
  reportEventInterest(client.events, names => api.setEventInterest(names));
  return client;
}

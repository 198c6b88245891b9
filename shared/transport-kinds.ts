// What people see of each transport kind: the add-server form's choices and fields, the server details'
// endpoint and stderr pane, the CLI's switches. How the engine connects with a kind is its descriptor in
// electron/engine/connections/transports/.
import type { HttpServerConfig, TransportKind } from './contract';
import { transportKindSchema } from './contract';

type IsUrlKind<K extends TransportKind> = K extends HttpServerConfig['type'] ? true : false;

export interface TransportKindInfo<K extends TransportKind = TransportKind> {
  /** Its name in the add-server form's Transport choice. */
  label: string;
  /** What its config entry names: a `command` to spawn (a local process, with stderr and a pid) or a `url`. */
  reach: IsUrlKind<K> extends true ? 'url' : 'command';
  /** Help for the CLI switch `--<kind>` that, with `--url`, picks this kind instead of Streamable HTTP. */
  cliSwitchHelp?: IsUrlKind<K> extends true ? string : never;
}

export const transportKinds: { readonly [K in TransportKind]: TransportKindInfo<K> } = {
  stdio: { label: 'stdio (local command)', reach: 'command' },
  http: { label: 'Streamable HTTP', reach: 'url' },
  sse: { label: 'HTTP+SSE (legacy)', reach: 'url', cliSwitchHelp: 'use legacy HTTP+SSE only' }
};

/** Every kind once, in the order the form offers them. */
export const TRANSPORT_KINDS: readonly TransportKind[] = transportKindSchema.options;

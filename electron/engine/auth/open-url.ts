// Who opens an authorization URL for the user. With MCPRB_OPEN_URL=print the engine prints exactly one
// stderr line `Open in your browser: <url>` (tests; the CLI on a remote box) whatever the host; otherwise
// the host's opener (Electron's `shell.openExternal`, the CLI's system browser), or, when the host has
// none (browser mode), the page is told with the `authUrl` event and opens a new tab.
import type { ServerId } from '../../../shared/contract';
import type { EventBus } from '../event-bus';

export type UrlOpener = (url: string, serverId: ServerId) => Promise<void>;

const OPEN_URL_ENV = 'MCPRB_OPEN_URL';

export function urlOpener(bus: EventBus, host: UrlOpener | undefined, env: NodeJS.ProcessEnv = process.env): UrlOpener {
  if (env[OPEN_URL_ENV] === 'print') {
    return async url => {
      process.stderr.write(`Open in your browser: ${url}\n`);
    };
  }
  if (host) return host;
  return async (url, serverId) => bus.emit('authUrl', { serverId, url });
}

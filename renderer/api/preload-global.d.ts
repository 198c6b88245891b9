// What the sandboxed preload puts on the page's window (electron/preload.ts); absent in browser mode.
import type { McpBrowserPreloadApi } from '../../shared/contract';

declare global {
  interface Window {
    mcpBrowser?: McpBrowserPreloadApi;
  }
}

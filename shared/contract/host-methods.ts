// The host contract: what only the app's host can do for the page, because the engine could not show the
// user anything: open a link in the user's browser, save a file. The engine's contract (methods.ts) does
// not list these; each host implements all of them as one `HostMethods` object (Electron's main process in
// electron/main.ts, browser mode's page in renderer/api/browser-host-methods.ts) and its carrier routes
// them there. Same envelope and method names as the engine's calls: the renderer calls both through one
// EngineClient.
import * as z from 'zod';

export const hostMethodSchemas = {
  'file.save': z.object({
    suggestedName: z.string().min(1).max(255),
    data: z.string(),
    encoding: z.enum(['utf8', 'base64'])
  }),
  /**
   * Saves one content part of a resource whole, from the engine straight to disk: Electron's main process
   * reads it and writes the file the user picked; browser mode downloads it from the bridge's `/content`
   * endpoint. The page only ever holds a preview (READ_PREVIEW_BYTES).
   */
  'content.save': z.object({
    serverId: z.string().min(1),
    uri: z.string().min(1),
    index: z.number().int().nonnegative(),
    suggestedName: z.string().min(1).max(255)
  }),
  'shell.openExternal': z.object({ url: z.string().url() })
} as const;

export type HostMethodName = keyof typeof hostMethodSchemas;
/** These schemas neither default nor transform, so what a caller passes is what the host receives. */
export type HostMethodParams<M extends HostMethodName> = z.infer<(typeof hostMethodSchemas)[M]>;

interface HostMethodResults {
  'file.save': { saved: boolean; path?: string };
  'content.save': { saved: boolean; path?: string };
  'shell.openExternal': { opened: boolean };
}

export type HostMethodResult<M extends HostMethodName> = HostMethodResults[M];

/** One host's implementation of the whole host contract. */
export type HostMethods = { [M in HostMethodName]: (params: HostMethodParams<M>) => Promise<HostMethodResult<M>> };

export function isHostMethod(method: string): method is HostMethodName {
  return Object.hasOwn(hostMethodSchemas, method);
}

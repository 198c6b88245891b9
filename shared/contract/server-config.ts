// How a server is reached, in the `mcpServers` config format (Claude Desktop / Cursor): the schemas are
// the single source of the config types, which are inferred from them.
import * as z from 'zod';

/** The kinds a URL entry's `type` names; `http` is Streamable HTTP (falling back to legacy SSE), `sse` forces legacy HTTP+SSE. */
const urlKinds = ['http', 'sse'] as const;

/** Every transport the engine can connect with: `stdio` for a `command` entry, the others for a `url` entry. */
export const transportKindSchema = z.enum(['stdio', ...urlKinds]);
export type TransportKind = z.infer<typeof transportKindSchema>;

export const stdioConfigSchema = z
  .object({
    command: z.string().min(1, 'command must not be empty'),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().optional(),
    disabled: z.boolean().optional()
  })
  .strict();

/**
 * `${env:NAME}` in a header value or a client secret: replaced by the environment variable NAME when the engine
 * connects (never written back expanded); a variable that is not set fails the connection with a config error.
 */
export const ENV_REFERENCE_PATTERN = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * What the page sees in place of a stored secret (a header or env value, a client secret). Sent back unchanged
 * in `servers.update`, it means "keep the stored value": the page never holds the secret itself.
 */
export const REDACTED_SECRET = '[redacted]';

/**
 * Sign-in settings of a URL server (docs/auth.md). All optional: without them the engine discovers the
 * authorization server and registers itself. `clientId` (with `clientSecret` for a confidential client) is
 * used first; else a Client ID Metadata Document at `clientMetadataUrl` when the authorization server supports
 * them; else Dynamic Client Registration. `scopes` are asked for when the server's challenge names none.
 */
const oauthConfigSchema = z
  .object({
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    clientMetadataUrl: z.url({ protocol: /^https$/, error: 'clientMetadataUrl must be an https URL' }).optional(),
    scopes: z.array(z.string().min(1)).optional()
  })
  .strict();
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;

export const httpConfigSchema = z
  .object({
    type: z.enum([...urlKinds, 'streamable-http']).transform(t => (t === 'streamable-http' ? 'http' : t)),
    url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
    /** Values may hold `${env:NAME}` references (ENV_REFERENCE_PATTERN). */
    headers: z.record(z.string(), z.string()).optional(),
    oauth: oauthConfigSchema.optional(),
    disabled: z.boolean().optional()
  })
  .strict();

export const serverConfigEntrySchema = z.union([stdioConfigSchema, httpConfigSchema]);

export type StdioServerConfig = z.infer<typeof stdioConfigSchema>;
export type HttpServerConfig = z.infer<typeof httpConfigSchema>;
export type ServerConfigEntry = z.infer<typeof serverConfigEntrySchema>;

/** The config entry a transport kind connects with: a URL entry for the kinds its `type` names, else a command entry. */
export type ServerConfigOf<K extends TransportKind> = K extends HttpServerConfig['type'] ? HttpServerConfig : StdioServerConfig;

/** The transport a config entry asks for first (`http` may still fall back to `sse`). */
export function transportKindOf(entry: ServerConfigEntry): TransportKind {
  return 'url' in entry ? entry.type : 'stdio';
}

/** True when `kind` can connect with `entry`: `sse` can serve an `http` entry (the fallback), never a command entry. */
export function isConfigOf<K extends TransportKind>(kind: K, entry: ServerConfigEntry): entry is ServerConfigOf<K> {
  return 'url' in entry === (urlKinds as readonly TransportKind[]).includes(kind);
}

// Validation of `mcpServers`-style server maps with errors that name the bad field
// (e.g. `mcpServers.foo.url: url must be an http(s) URL`).
import { MAX_SERVER_ID_LENGTH, httpConfigSchema, issueLines, stdioConfigSchema } from '../../../shared/contract';
import type { ServerConfigEntry } from '../../../shared/contract';

export interface ValidatedServers {
  servers: Record<string, ServerConfigEntry>;
  /** One line per problem, each starting with the path of the bad field. */
  issues: string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates one entry. `type: "stdio"` (VS Code, some Cursor files) is accepted and dropped. */
export function validateServerEntry(path: string, raw: unknown): { entry?: ServerConfigEntry; issues: string[] } {
  if (!isPlainObject(raw)) return { issues: [`${path}: must be an object`] };
  const { type, ...rest } = raw;
  const isStdio = type === 'stdio' || (type === undefined && 'command' in raw);
  if (isStdio) {
    const parsed = stdioConfigSchema.safeParse(rest);
    return parsed.success ? { entry: parsed.data, issues: [] } : { issues: issueLines(parsed.error, { under: path }) };
  }
  if (type === undefined && !('url' in raw)) {
    return { issues: [`${path}: needs either "command" (stdio server) or "url" (HTTP server)`] };
  }
  const parsed = httpConfigSchema.safeParse({ type: type ?? 'http', ...rest });
  return parsed.success ? { entry: parsed.data, issues: [] } : { issues: issueLines(parsed.error, { under: path }) };
}

/** Validates a name -> entry map found at `path` (e.g. `mcpServers`). Good entries survive bad ones. */
export function validateServerMap(path: string, raw: unknown): ValidatedServers {
  if (!isPlainObject(raw)) return { servers: {}, issues: [`${path}: must be an object mapping server names to server configs`] };
  const servers: Record<string, ServerConfigEntry> = {};
  const issues: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const entryPath = `${path}.${name}`;
    if (name.trim() === '' || name.length > MAX_SERVER_ID_LENGTH) {
      issues.push(`${entryPath}: server name must be 1-${MAX_SERVER_ID_LENGTH} characters`);
      continue;
    }
    const result = validateServerEntry(entryPath, value);
    if (result.entry) servers[name] = result.entry;
    issues.push(...result.issues);
  }
  return { servers, issues };
}

// Turns the add-server form's text fields into an `mcpServers` config entry, with errors naming the field.
import type { ServerConfigEntry, TransportKind } from '../../../shared/contract';
import { issueLines, serverConfigEntrySchema } from '../../../shared/contract';
import { transportKinds } from '../../../shared/transport-kinds';

export interface ServerFormFields {
  name: string;
  transport: TransportKind;
  command: string;
  /** One argument per line, so arguments may contain spaces. */
  args: string;
  /** KEY=VALUE per line. */
  env: string;
  url: string;
  /** `Name: value` per line. */
  headers: string;
  bearerToken: string;
}

export const emptyServerForm: ServerFormFields = {
  name: '',
  transport: 'stdio',
  command: '',
  args: '',
  env: '',
  url: '',
  headers: '',
  bearerToken: ''
};

function lines(text: string): string[] {
  return text
    .split('\n')
    .map(l => l.trim())
    .filter(Boolean);
}

function pairs(text: string, separator: string, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    if (at <= 0) throw new Error(`${field}: "${line}" is not of the form NAME${separator}value`);
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

export type ParsedServerForm = { ok: true; serverId: string; config: ServerConfigEntry } | { ok: false; message: string };

export function parseServerForm(fields: ServerFormFields): ParsedServerForm {
  const serverId = fields.name.trim();
  if (!serverId) return { ok: false, message: 'name: give the server a name' };
  let candidate: unknown;
  try {
    if (transportKinds[fields.transport].reach === 'command') {
      const env = pairs(fields.env, '=', 'env');
      const args = lines(fields.args);
      candidate = {
        command: fields.command.trim(),
        ...(args.length ? { args } : {}),
        ...(Object.keys(env).length ? { env } : {})
      };
    } else {
      const headers = pairs(fields.headers, ':', 'headers');
      if (fields.bearerToken.trim()) headers.Authorization = `Bearer ${fields.bearerToken.trim()}`;
      candidate = {
        type: fields.transport,
        url: fields.url.trim(),
        ...(Object.keys(headers).length ? { headers } : {})
      };
    }
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  const parsed = serverConfigEntrySchema.safeParse(candidate);
  if (!parsed.success) {
    return { ok: false, message: issueLines(parsed.error, { rootLabel: 'config' })[0] };
  }
  return { ok: true, serverId, config: parsed.data };
}

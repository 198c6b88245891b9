// Turns the server form's text fields into an `mcpServers` config entry, with errors naming the field, and a
// stored entry (secrets redacted by the engine) back into fields for editing. A redacted value left as it is
// goes back redacted, which the engine reads as "keep the stored value".
import type { HttpServerConfig, ServerConfigEntry, StdioServerConfig, TransportKind } from '../../../shared/contract';
import { issueLines, serverConfigEntrySchema, transportKindOf } from '../../../shared/contract';
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

/** Why the fields do not make an entry; the form words it (catalog `servers:form.problem.*`). */
export type FormProblemReason =
  | { reason: 'nameMissing' }
  | { reason: 'badPair'; field: 'env' | 'headers'; line: string; separator: string }
  | { reason: 'invalid'; issue: string };

class BadPair extends Error {
  constructor(readonly problem: FormProblemReason) {
    super('bad pair');
  }
}

function pairs(text: string, separator: string, field: 'env' | 'headers'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    if (at <= 0) throw new BadPair({ reason: 'badPair', field, line, separator });
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** What the form has no field for (OAuth settings, working directory): kept from the stored entry on edit. */
export type KeptSettings = Pick<StdioServerConfig, 'cwd'> & Pick<HttpServerConfig, 'oauth'>;

export type ParsedServerForm = { ok: true; serverId: string; config: ServerConfigEntry } | { ok: false; problem: FormProblemReason };

const pairLines = (values: Record<string, string> | undefined, separator: string) =>
  Object.entries(values ?? {})
    .map(([key, value]) => `${key}${separator}${value}`)
    .join('\n');

/** The fields showing a stored entry (as `config.get` gives it: secrets redacted), and what the form keeps aside. */
export function formFromEntry(serverId: string, entry: ServerConfigEntry): { fields: ServerFormFields; kept: KeptSettings } {
  const base = { ...emptyServerForm, name: serverId, transport: transportKindOf(entry) };
  if (!('url' in entry)) {
    return { fields: { ...base, command: entry.command, args: (entry.args ?? []).join('\n'), env: pairLines(entry.env, '=') }, kept: entry.cwd ? { cwd: entry.cwd } : {} };
  }
  return { fields: { ...base, url: entry.url, headers: pairLines(entry.headers, ': ') }, kept: entry.oauth ? { oauth: entry.oauth } : {} };
}

export function parseServerForm(fields: ServerFormFields, kept: KeptSettings = {}): ParsedServerForm {
  const serverId = fields.name.trim();
  if (!serverId) return { ok: false, problem: { reason: 'nameMissing' } };
  let candidate: unknown;
  try {
    if (transportKinds[fields.transport].reach === 'command') {
      const env = pairs(fields.env, '=', 'env');
      const args = lines(fields.args);
      candidate = {
        command: fields.command.trim(),
        ...(args.length ? { args } : {}),
        ...(Object.keys(env).length ? { env } : {}),
        ...(kept.cwd && { cwd: kept.cwd })
      };
    } else {
      const headers = pairs(fields.headers, ':', 'headers');
      if (fields.bearerToken.trim()) headers.Authorization = `Bearer ${fields.bearerToken.trim()}`;
      candidate = {
        type: fields.transport,
        url: fields.url.trim(),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(kept.oauth && { oauth: kept.oauth })
      };
    }
  } catch (e) {
    if (e instanceof BadPair) return { ok: false, problem: e.problem };
    throw e;
  }
  const parsed = serverConfigEntrySchema.safeParse(candidate);
  if (!parsed.success) {
    return { ok: false, problem: { reason: 'invalid', issue: issueLines(parsed.error, { rootLabel: 'config' })[0] } };
  }
  return { ok: true, serverId, config: parsed.data };
}

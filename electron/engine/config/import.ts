// Reads server definitions from other apps' config files:
// - Claude Desktop and Cursor: `{ "mcpServers": { ... } }`
// - VS Code: `.vscode/mcp.json` `{ "servers": { ... } }`, or settings.json `{ "mcp": { "servers": { ... } } }`
import { readFile } from 'node:fs/promises';
import type { ImportFormat, ServerConfigEntry } from '../../../shared/contract';
import { appError } from '../errors';
import { parseJsonc } from './jsonc';
import { validateServerEntry } from './schema';

export interface ImportedServers {
  servers: Record<string, ServerConfigEntry>;
  skipped: { name: string; reason: string }[];
}

/** VS Code substitutes `${input:x}`, `${env:X}`, `${workspaceFolder}`; we cannot, so such entries are skipped. */
const VARIABLE = /\$\{[^}]+\}/;

function locateServers(doc: unknown, format: ImportFormat): { path: string; map: unknown } {
  const obj = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  const mcp = obj.mcp as Record<string, unknown> | undefined;
  const candidates: { path: string; map: unknown; formats: ImportFormat[] }[] = [
    { path: 'mcpServers', map: obj.mcpServers, formats: ['claude', 'cursor'] },
    { path: 'servers', map: obj.servers, formats: ['vscode'] },
    { path: 'mcp.servers', map: typeof mcp === 'object' && mcp !== null ? mcp.servers : undefined, formats: ['vscode'] }
  ];
  const found = candidates.find(c => c.map !== undefined && (format === 'auto' || c.formats.includes(format)));
  if (!found) {
    const expected = format === 'vscode' ? '"servers" or "mcp.servers"' : format === 'auto' ? '"mcpServers", "servers" or "mcp.servers"' : '"mcpServers"';
    throw appError('config', `No server definitions found: expected ${expected} at the top level`);
  }
  return found;
}

export function extractServers(doc: unknown, format: ImportFormat): ImportedServers {
  const { path, map } = locateServers(doc, format);
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw appError('config', `${path}: must be an object`);
  const servers: Record<string, ServerConfigEntry> = {};
  const skipped: ImportedServers['skipped'] = [];
  for (const [name, raw] of Object.entries(map)) {
    if (typeof raw === 'object' && raw !== null && 'envFile' in raw) {
      skipped.push({ name, reason: 'uses envFile, which is not supported here; put the variables in "env"' });
      continue;
    }
    const variable = JSON.stringify(raw).match(VARIABLE);
    if (variable) {
      skipped.push({ name, reason: `uses the variable ${variable[0]}, which only VS Code can fill in` });
      continue;
    }
    const { entry, issues } = validateServerEntry(`${path}.${name}`, stripVsCodeOnlyKeys(raw));
    if (entry) servers[name] = entry;
    else skipped.push({ name, reason: issues.join('; ') });
  }
  return { servers, skipped };
}

/** VS Code's `dev` (watch-and-restart settings) only matters inside VS Code. */
function stripVsCodeOnlyKeys(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const { dev: _dev, ...rest } = raw as Record<string, unknown>;
  return rest;
}

export async function readImportFile(path: string, format: ImportFormat): Promise<ImportedServers> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw appError('config', `Cannot read ${path}: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = parseJsonc(text);
  } catch (err) {
    throw appError('config', `${path} is not valid JSON: ${(err as Error).message}`);
  }
  return extractServers(doc, format);
}

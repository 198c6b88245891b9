// `${env:NAME}` in a URL server's header values and client secret (shared/contract/server-config.ts): the
// config keeps the reference, the engine puts the value in when it connects. Never written back expanded.
import { ENV_REFERENCE_PATTERN } from '../../../shared/contract';
import { appError } from '../errors';

/** `text` with every `${env:NAME}` replaced; a variable that is not set is a config error naming it and `where`. */
export function expandEnvReferences(text: string, where: string, env: NodeJS.ProcessEnv = process.env): string {
  return text.replace(ENV_REFERENCE_PATTERN, (_, name: string) => {
    const value = env[name];
    if (value === undefined) throw appError('config', `${where} refers to the environment variable ${name}, which is not set`);
    return value;
  });
}

/** The headers with their references expanded (names kept as written). */
export function expandHeaders(headers: Record<string, string>, serverId: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, expandEnvReferences(value, `${serverId}: header ${name}`, env)]));
}

// One way for the app's command lines (`npm run web`, `npm run cli`) to read their options: Node's own
// parser in strict mode, so an unknown option, a missing value or a value given to a switch is an error
// naming the option, never silently ignored. Its messages come back as the caller's usage error.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type UsageErrorClass = new (message: string) => Error;
type ParsedResults<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/** True for the errors `parseArgs` throws on bad input (not for a bad option table, which is our bug). */
function isParseArgsError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/**
 * `parseArgs` with strict mode forced on. `--flag=` and `--flag ''` parse as an empty string, which no
 * option of ours accepts, so those are refused here too.
 */
export function parseStrictOptions<T extends ParseArgsConfig & { strict?: true }>(config: T, usageError: UsageErrorClass): ParsedResults<T> {
  let parsed: ParsedResults<T>;
  try {
    parsed = parseArgs(config);
  } catch (err) {
    throw isParseArgsError(err) ? new usageError(err.message) : err;
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === '' || (Array.isArray(value) && value.includes(''))) throw new usageError(`--${name} needs a value`);
  }
  return parsed;
}

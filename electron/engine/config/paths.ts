// Where the engine keeps its files when the host does not say (CLI, browser mode). Electron's main
// process passes its own `userData` locations instead.
import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_DIR = 'mcp-resource-browser';

export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), APP_DIR, 'config.json');
}

/** Holds era verdicts and other engine state that is not user configuration. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), APP_DIR);
}

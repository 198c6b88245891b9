// Options `npm start` passes through to the Electron main process. Chromium may add switches of its
// own to argv, so unknown arguments are left alone here (unlike `npm run web`).
export interface ShellArgs {
  configPath?: string;
  dataDir?: string;
}

export function parseShellArgs(argv: readonly string[]): ShellArgs {
  const args: ShellArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    for (const [flag, key] of [['--config', 'configPath'], ['--data-dir', 'dataDir']] as const) {
      if (arg === flag && argv[i + 1] !== undefined) args[key] = argv[++i];
      else if (arg.startsWith(`${flag}=`)) args[key] = arg.slice(flag.length + 1);
    }
  }
  return args;
}

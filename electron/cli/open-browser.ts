// How the CLI shows the user a sign-in page: the system's browser (xdg-open, open, start). Where none can be
// started (a server without a desktop) it prints the same line MCPRB_OPEN_URL=print asks for, so the URL can
// be opened elsewhere; the CLI then waits for the loopback callback either way.
import { spawn } from 'node:child_process';

function browserCommand(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

export async function openInBrowser(url: string): Promise<void> {
  const [command, args] = browserCommand(url);
  const opened = await new Promise<boolean>(resolve => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
  if (!opened) process.stderr.write(`Open in your browser: ${url}\n`);
}

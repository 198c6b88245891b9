// Hands a URL to the desktop's default browser. Never goes through a shell; a missing opener
// (headless machines) resolves false instead of failing.
import { spawn } from 'node:child_process';

function openerFor(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

export function openInBrowser(url: string): Promise<boolean> {
  const [command, args] = openerFor(url);
  return new Promise(resolve => {
    try {
      const child = spawn(command, args, { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

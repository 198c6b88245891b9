// What a server in a crash loop says: how often it failed and how fast, how its process last ended, the last
// stderr lines (usually the real reason), and that it waits for the user.
import type { AppError } from '../../../shared/contract';
import type { ProcessExit } from './transports/descriptor';

export function exitText(exit: ProcessExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

export function crashLoopError(cause: AppError, failures: number, spanMs: number, exit: ProcessExit | undefined, stderr: string): AppError {
  const verb = exit ? 'exited' : 'failed';
  const seconds = Math.max(1, Math.round(spanMs / 1000));
  const parts = [`${verb} ${failures} times in ${seconds} s`, exit && exitText(exit), 'not restarted until you reconnect it or edit its config'].filter(Boolean);
  return {
    code: 'transport',
    message: `Crash loop: ${parts.join('; ')}${stderr ? `\nstderr: ${stderr}` : ''}`,
    data: {
      crashLoop: { failures, spanMs, ...(exit && { exitCode: exit.code, signal: exit.signal }), lastError: cause.message },
      ...(stderr && { stderr: stderr.split('\n') })
    }
  };
}

// CPU time (user + system) of processes, read from Linux's /proc: what a run cost each process, where profiles
// (sampled by wall clock, so a process waiting for a core counts as busy) cannot say.
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICK_MS = 10;

function statFields(pid: number | string): string[] {
  // Fields after the command's closing parenthesis: state, ppid, ..., utime (12th), stime (13th).
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
}

/** Two adjacent clock-tick fields of a process's stat (user, then system), in ms; undefined without /proc or the process. */
function tickPairMs(pid: number, first: number): number | undefined {
  try {
    const fields = statFields(pid);
    return (Number(fields[first]) + Number(fields[first + 1])) * CLOCK_TICK_MS;
  } catch {
    return undefined;
  }
}

/** CPU ms of one process so far (utime + stime); undefined where there is no /proc or the process has ended. */
export const cpuMsOf = (pid: number) => tickPairMs(pid, 11);

/**
 * CPU ms of the children of `pid` that ended and were waited for (a server's era probe, a restarted server): the
 * kernel adds them to their parent's account (cutime + cstime). Undefined where there is no /proc or `pid` ended.
 */
export const endedChildrenCpuMs = (pid: number) => tickPairMs(pid, 13);

/** CPU ms of each live child of `parentPid` whose command line contains `command`; empty where there is no /proc. */
export function childrenCpuMs(parentPid: number, command: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter(name => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const cpu: number[] = [];
  for (const pid of pids) {
    try {
      const fields = statFields(pid);
      if (Number(fields[1]) !== parentPid || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(command)) continue;
      cpu.push((Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    } catch {
      // A process that ended while being read.
    }
  }
  return cpu;
}

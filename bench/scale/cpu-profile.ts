// Summarises a V8 `.cpuprofile` (written by `node --cpu-prof`): self time per function and per source file,
// so a benchmark can say where an engine's time went instead of guessing.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  wallMs: number;
  /** Sampled time not idle (program + GC + functions), ms. */
  busyMs: number;
  topFunctions: { name: string; selfMs: number }[];
  topFiles: { file: string; selfMs: number }[];
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'node_modules/').replace(/^.*?\/(electron|shared|reference-server)\//, '$1/');

/** `window`: only the samples taken from `fromMs` to `untilMs` after the profile started. */
export function summariseProfile(profile: CpuProfile, top = 15, window: { fromMs?: number; untilMs?: number } = {}): ProfileSummary {
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const selfUs = new Map<number, number>();
  const fromUs = (window.fromMs ?? 0) * 1000;
  const untilUs = (window.untilMs ?? Infinity) * 1000;
  let at = 0;
  profile.samples.forEach((id, k) => {
    at += profile.timeDeltas[k] ?? 0;
    if (at >= fromUs && at <= untilUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0));
  });
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    fn.set(name, (fn.get(name) ?? 0) + us);
    const f = url ? shortUrl(url) : functionName;
    file.set(f, (file.get(f) ?? 0) + us);
  }
  const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    wallMs: Math.round(Math.max(0, Math.min(profile.endTime - profile.startTime, untilUs) - fromUs) / 1000),
    busyMs: Math.round(busy / 1000),
    topFunctions: ranked(fn).map(([name, us]) => ({ name, selfMs: Math.round(us / 1000) })),
    topFiles: ranked(file).map(([f, us]) => ({ file: f, selfMs: Math.round(us / 1000) }))
  };
}

/** The summary of the one profile `node --cpu-prof --cpu-prof-dir=dir` left in `dir` (optionally of a window of it). */
export async function summariseProfileDir(dir: string, window: { fromMs?: number; untilMs?: number } = {}): Promise<ProfileSummary | undefined> {
  const files = (await readdir(dir)).filter(f => f.endsWith('.cpuprofile'));
  if (files.length === 0) return undefined;
  return summariseProfile(JSON.parse(await readFile(path.join(dir, files[0]), 'utf8')) as CpuProfile, 15, window);
}

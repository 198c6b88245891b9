// Test support (used by the subscriptions, templates and input-required tests): one engine connected to the
// real reference server on either era, over stdio (the engine spawns it) or Streamable HTTP (started here).
// HTTP servers left running are killed by the engine harness's cleanup().
import { expect } from 'vitest';
import type { Engine, EngineOptions } from '../../electron/engine/engine';
import { referenceServerEntry } from '../../electron/engine/config/default-server';
import { engineWith, statusOf } from './engine-harness';
import { HttpReferenceServer } from '../reference-server/http-server';

export type Era = 'modern' | 'legacy';
export type Via = 'stdio' | 'http';

/** Every era on every transport the engine speaks to the reference server. */
export const eraMatrix: Array<[Era, Via]> = [
  ['modern', 'stdio'],
  ['legacy', 'stdio'],
  ['modern', 'http'],
  ['legacy', 'http']
];

/** The server flags that make it speak `era` (it serves both by default and the engine picks 2026-07-28). */
function eraArgs(era: Era): string[] {
  return era === 'legacy' ? ['--era', 'legacy'] : [];
}

/** An engine with one reference server named `ref`, connected on `era` (checked). */
export async function engineOnReference(era: Era, via: Via, args: string[], options: EngineOptions = {}): Promise<{ engine: Engine; http?: HttpReferenceServer }> {
  const serverArgs = [...args, ...eraArgs(era)];
  const http = via === 'http' ? await HttpReferenceServer.start(serverArgs) : undefined;
  const engine = await engineWith({ ref: http ? http.configEntry : referenceServerEntry(serverArgs) }, options);
  // Generous: on a loaded machine a stdio connect with the era probe spawns two processes.
  expect(await statusOf(engine, 'ref', 'connected', 60_000)).toMatchObject({ era });
  return { engine, ...(http && { http }) };
}

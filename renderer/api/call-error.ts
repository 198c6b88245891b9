// The typed app error of a failed engine call, for every feature to show and decide on. A failed call
// rejects with EngineCallError; anything else (a throw in the page's own code) is wrapped as `unknown`.
import { EngineCallError, type AppError } from '../../shared/contract';

export function callErrorOf(err: unknown): AppError {
  if (err instanceof EngineCallError) return err.error;
  return { code: 'unknown', message: err instanceof Error ? err.message : String(err) };
}

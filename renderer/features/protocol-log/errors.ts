// Failed engine calls arrive as EngineCallError carrying the typed app error; anything else is wrapped.
import { EngineCallError, type AppError } from '../../../shared/contract';

export function toAppErrorLike(err: unknown): AppError {
  if (err instanceof EngineCallError) return err.error;
  return { code: 'unknown', message: err instanceof Error ? err.message : String(err) };
}

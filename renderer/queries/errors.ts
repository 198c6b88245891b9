// Turns whatever a failed call threw into the typed AppError the UI shows.
import { EngineCallError, type AppError } from '../../shared/contract';

export function toAppError(error: unknown): AppError {
  if (error instanceof EngineCallError) return error.error;
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

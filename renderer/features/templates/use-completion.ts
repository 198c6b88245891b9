// Argument completion for one template variable: debounced, each request carrying the other filled arguments,
// and only the reply to the newest request shown (an older reply that arrives late is dropped, and its request
// cancelled).
import { useEffect, useRef, useState } from 'react';
import type { AppError, CompletionResult, ServerId } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';

const completionDebounceMs = 200;

export interface CompletionRequest {
  serverId: ServerId;
  uriTemplate: string;
  name: string;
  value: string;
  contextArguments: Record<string, string>;
}

export interface CompletionState {
  result: CompletionResult | null;
  /** The value the shown result was computed for. */
  forValue: string | null;
  loading: boolean;
  error: AppError | null;
}

const idle: CompletionState = { result: null, forValue: null, loading: false, error: null };
let requestCounter = 0;

/** Completes `request` while `active`; `null` turns it off. */
export function useCompletion(request: CompletionRequest | null, active: boolean): CompletionState {
  const engine = useEngine();
  const [state, setState] = useState<CompletionState>(idle);
  const latest = useRef<string | null>(null);
  const key = request && active ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!key || !request) {
      latest.current = null;
      return;
    }
    const requestId = `complete-${++requestCounter}`;
    let inFlight = false;
    const timer = setTimeout(() => {
      latest.current = requestId;
      inFlight = true;
      setState(s => ({ ...s, loading: true }));
      engine
        .call('completion.complete', {
          serverId: request.serverId,
          uriTemplate: request.uriTemplate,
          argument: { name: request.name, value: request.value },
          contextArguments: request.contextArguments,
          requestId
        })
        .finally(() => {
          inFlight = false;
        })
        .then(
          result => {
            if (latest.current === requestId) setState({ result, forValue: request.value, loading: false, error: null });
          },
          err => {
            const error = callErrorOf(err);
            if (latest.current === requestId && error.code !== 'cancelled') setState(s => ({ ...s, loading: false, error }));
          }
        );
    }, completionDebounceMs);
    return () => {
      clearTimeout(timer);
      // A newer input supersedes this request: drop its reply whenever it comes, and stop the server's work.
      if (latest.current === requestId) latest.current = null;
      if (inFlight) void engine.call('request.cancel', { requestId }).catch(() => undefined);
    };
    // `key` captures every field of `request`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, engine]);

  return key ? state : idle;
}

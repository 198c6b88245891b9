// Re-send a request with edited params. The new request and its answer land in the log; the outcome is
// shown here with a link to the logged request.
import { useState } from 'react';
import type { LogEntry, MethodResult } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { toAppErrorLike } from './errors';
import { prettyJson } from './log-format';

export function ReplayForm({ request, onSelect }: { request: LogEntry; onSelect(seq: number): void }) {
  const engine = useEngine();
  const [text, setText] = useState(() => prettyJson(paramsOf(request) ?? {}));
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<MethodResult<'log.replay'> | null>(null);
  const method = request.method ?? '';

  const send = () => {
    const parsed = parseParams(text);
    if (typeof parsed === 'string') {
      setProblem(parsed);
      return;
    }
    setProblem('');
    setSending(true);
    engine
      .call('log.replay', { serverId: request.serverId, method, params: parsed })
      .then(setOutcome, (err: unknown) => setOutcome({ error: toAppErrorLike(err), logSeq: 0 }))
      .finally(() => setSending(false));
  };

  return (
    <form
      className="log-replay"
      data-testid="log-replay-form"
      onSubmit={e => {
        e.preventDefault();
        send();
      }}
    >
      <div>
        Replay <code>{method}</code> to <strong>{request.serverId}</strong> with params:
      </div>
      <textarea
        data-testid="log-replay-params"
        aria-label="Params (JSON object)"
        aria-invalid={problem !== ''}
        spellCheck={false}
        rows={Math.min(12, text.split('\n').length + 1)}
        value={text}
        onChange={e => setText(e.target.value)}
      />
      {problem && (
        <p role="alert" className="log-problem">
          {problem}
        </p>
      )}
      <div>
        <button type="submit" data-testid="log-replay-send" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {outcome && (
        <div data-testid="log-replay-result" data-ok={outcome.error ? 'false' : 'true'} data-log-seq={outcome.logSeq}>
          {outcome.error ? (
            <p className="log-problem">
              Failed ({outcome.error.code}
              {outcome.error.rpcCode !== undefined ? ` ${outcome.error.rpcCode}` : ''}): {outcome.error.message}
            </p>
          ) : (
            <p>Answered.</p>
          )}
          {outcome.logSeq > 0 ? (
            <button type="button" data-testid="log-replay-go" onClick={() => onSelect(outcome.logSeq)}>
              Show in log (#{outcome.logSeq})
            </button>
          ) : (
            <p className="log-muted">The log is paused, so this exchange was not recorded.</p>
          )}
        </div>
      )}
    </form>
  );
}

function paramsOf(request: LogEntry): unknown {
  return (request.message as { params?: unknown } | null)?.params;
}

/** The params as an object, or a sentence saying what is wrong with the text. */
export function parseParams(text: string): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return `Params are not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Params must be a JSON object, e.g. {"uri": "test://static-text"}';
  return value as Record<string, unknown>;
}

// Re-send a request with edited params. The new request and its answer land in the log; the outcome is
// shown here with a link to the logged request.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LogEntry, MethodResult } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { prettyJson } from './log-format';

export function ReplayForm({ request, onSelect }: { request: LogEntry; onSelect(seq: number): void }) {
  const { t } = useTranslation('log');
  const engine = useEngine();
  const [text, setText] = useState(() => prettyJson(editableParams(paramsOf(request))));
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<MethodResult<'log.replay'> | null>(null);
  const method = request.method ?? '';

  const send = () => {
    const parsed = parseParams(text, t);
    if (typeof parsed === 'string') {
      setProblem(parsed);
      return;
    }
    setProblem('');
    setSending(true);
    engine
      .call('log.replay', { serverId: request.serverId, method, params: parsed })
      .then(setOutcome, (err: unknown) => setOutcome({ error: callErrorOf(err), logSeq: 0 }))
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
        <Trans t={t} i18nKey="replay.intro" values={{ method, server: request.serverId }} components={{ code: <code />, strong: <strong /> }} />
      </div>
      <textarea
        data-testid="log-replay-params"
        aria-label={t('replay.params')}
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
          {sending ? t('replay.sending') : t('replay.send')}
        </button>
      </div>
      {outcome && (
        <div data-testid="log-replay-result" data-ok={outcome.error ? 'false' : 'true'} data-log-seq={outcome.logSeq}>
          {outcome.error ? (
            <p className="log-problem">
              {outcome.error.rpcCode === undefined
                ? t('replay.failed', { code: outcome.error.code, message: outcome.error.message })
                : t('replay.failedRpc', { code: outcome.error.code, rpcCode: outcome.error.rpcCode, message: outcome.error.message })}
            </p>
          ) : (
            <p>{t('replay.answered')}</p>
          )}
          {outcome.logSeq > 0 ? (
            <button type="button" data-testid="log-replay-go" onClick={() => onSelect(outcome.logSeq)}>
              {t('replay.showInLog', { seq: outcome.logSeq })}
            </button>
          ) : (
            <p className="log-muted">{t('replay.notRecorded')}</p>
          )}
        </div>
      )}
    </form>
  );
}

function paramsOf(request: LogEntry): unknown {
  return (request.message as { params?: unknown } | null)?.params;
}

const PROTOCOL_META = 'io.modelcontextprotocol/';

/**
 * The params to start editing from: the client adds the protocol's own `_meta` keys (version, client
 * info, capabilities) to every request it sends, so they are left out here rather than sent twice.
 */
export function editableParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return {};
  const { _meta, ...rest } = params as Record<string, unknown>;
  if (typeof _meta !== 'object' || _meta === null) return _meta === undefined ? rest : { ...rest, _meta };
  const own = Object.fromEntries(Object.entries(_meta).filter(([key]) => !key.startsWith(PROTOCOL_META)));
  return Object.keys(own).length > 0 ? { ...rest, _meta: own } : rest;
}

/** The params as an object, or a sentence saying what is wrong with the text. */
export function parseParams(text: string, t: TFunction<'log'>): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return t('replay.invalidJson', { error: err instanceof Error ? err.message : String(err) });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return t('replay.notObject');
  return value as Record<string, unknown>;
}

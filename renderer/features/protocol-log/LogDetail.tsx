// The selected entry: its metadata, the request and the response side by side (linked both ways),
// copy as JSON, and replay for anything that was (or would have been) a request from this app.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../shared/contract';
import { frameText, isEraProbeRefusal } from './log-format';
import { indexOfSeq } from './log-store';
import { ReplayForm } from './ReplayForm';
import { revealHidden } from '../server-text/ServerText';

export interface LogDetailProps {
  entries: LogEntry[];
  selectedSeq: number;
  onSelect(seq: number): void;
}

export function LogDetail({ entries, selectedSeq, onSelect }: LogDetailProps) {
  const { t } = useTranslation('log');
  const [copyStatus, setCopyStatus] = useState('');
  const [replaying, setReplaying] = useState(false);
  const at = indexOfSeq(entries, selectedSeq);
  if (at === -1) return <div className="log-detail log-detail--empty">{t('detail.gone')}</div>;
  const entry = entries[at];
  const pair = findPair(entries, entry);
  const request = isRequestSide(entry) ? entry : pair;
  const response = isRequestSide(entry) ? pair : entry;
  const replayable = request && (request.kind === 'cache-hit' || (request.kind === 'request' && request.direction === 'out'));

  const copy = () => {
    const text = frameText(entry);
    if (!navigator.clipboard) {
      setCopyStatus(t('detail.noClipboard'));
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setCopyStatus(t('detail.copied')),
      () => setCopyStatus(t('detail.copyRefused'))
    );
  };

  return (
    <div className="log-detail" data-testid="log-detail" data-seq={entry.seq} data-pair-seq={pair?.seq ?? ''}>
      <div className="log-detail-head">
        <h2 className="log-detail-title">{t(`detail.title.${entry.kind}`, { method: entry.method ?? '' })}</h2>
        <span>{t(`direction.${entry.direction}`)}</span>
        <span>{entry.serverId}</span>
        <span>{t('clock', { at: entry.at })}</span>
        {entry.id !== undefined && <span>{t('detail.id', { id: String(entry.id) })}</span>}
        {response?.latencyMs !== undefined && <span data-testid="log-latency">{t('latency', { ms: response.latencyMs })}</span>}
        {entry.direction !== 'cache' && <span>{t('size', { size: entry.size })}</span>}
        {entry.origin === 'replay' && <span className="log-badge log-badge--replay">{t('origin.replay')}</span>}
        <span className="log-toolbar-spacer" />
        <button type="button" data-testid="log-copy" onClick={copy}>
          {entry.kind === 'not-json-rpc' ? t('detail.copyLine') : t('detail.copy')}
        </button>
        {copyStatus && <span role="status">{copyStatus}</span>}
        {pair && (
          <button type="button" data-testid="log-go-to-pair" onClick={() => onSelect(pair.seq)}>
            {isRequestSide(entry) ? t('detail.goToResponse') : t('detail.goToRequest')}
          </button>
        )}
        {replayable && (
          <button type="button" data-testid="log-replay-open" aria-expanded={replaying} onClick={() => setReplaying(r => !r)}>
            {t('detail.replay')}
          </button>
        )}
      </div>
      {entry.kind === 'cache-hit' && (
        <p className="log-note" data-testid="log-cache-note">
          {t('detail.cacheNote')}
        </p>
      )}
      {entry.kind === 'not-json-rpc' && (
        <p className="log-note" data-testid="log-not-json-rpc-note">
          {t('detail.notJsonRpcNote')}
        </p>
      )}
      {isEraProbeRefusal(response ?? entry) && (
        <p className="log-note" data-testid="log-era-probe-note">
          {t('detail.eraProbeNote')}
        </p>
      )}
      {entry.unmatched && (
        <p className="log-note" data-testid="log-unmatched-note">
          {t('detail.unmatchedNote')}
        </p>
      )}
      {entry.truncated && <p className="log-note">{t('detail.truncated')}</p>}
      {replaying && request && replayable && <ReplayForm key={request.seq} request={request} onSelect={onSelect} />}
      {entry.kind === 'not-json-rpc' ? (
        <div className="log-frames">
          <Frame title={t('frame.line')} missing="" entry={entry} testId="log-detail-line" selected={entry} />
        </div>
      ) : (
        <Exchange entry={entry} request={request} response={response} />
      )}
    </div>
  );
}

/** The request and its response (or error) side by side, or the notification alone. */
function Exchange({ entry, request, response }: { entry: LogEntry; request: LogEntry | undefined; response: LogEntry | undefined }) {
  const { t } = useTranslation('log');
  return (
    <div className="log-frames">
      <Frame
        title={request?.kind === 'cache-hit' ? t('frame.requestNotSent') : t('frame.request')}
        missing={t('frame.requestMissing')}
        entry={request}
        testId="log-detail-request"
        selected={entry}
      />
      {entry.kind !== 'notification' && entry.kind !== 'cache-hit' && (
        <Frame
          title={response?.kind === 'error' ? t('frame.errorResponse') : t('frame.response')}
          missing={t('frame.responseMissing')}
          entry={response}
          testId="log-detail-response"
          selected={entry}
        />
      )}
      {entry.kind === 'notification' && <Frame title={t('frame.notification')} missing="" entry={entry} testId="log-detail-notification" selected={entry} />}
    </div>
  );
}

/** One frame of the exchange; `missing` says why there is none when the log lacks it. */
function Frame({ title, missing, entry, testId, selected }: { title: string; missing: string; entry: LogEntry | undefined; testId: string; selected: LogEntry }) {
  return (
    <section className={`log-frame${entry === selected ? ' log-frame--selected' : ''}`} data-testid={testId} aria-label={title}>
      <h3>
        {title}
        {entry && entry !== selected && <span className="log-muted"> #{entry.seq}</span>}
      </h3>
      {entry ? <pre>{revealHidden(frameText(entry), { keepLayout: true })}</pre> : <p className="log-muted">{missing}</p>}
    </section>
  );
}

/** Requests and cache hits sit on the request side; notifications have no pair. */
function isRequestSide(entry: LogEntry): boolean {
  return entry.kind === 'request' || entry.kind === 'cache-hit' || entry.kind === 'notification';
}

function findPair(entries: LogEntry[], entry: LogEntry): LogEntry | undefined {
  if (entry.pairSeq !== undefined) {
    const at = indexOfSeq(entries, entry.pairSeq);
    if (at !== -1) return entries[at];
  }
  // A request whose response arrived in a later batch may not carry the link yet.
  if (entry.kind === 'request') return entries.find(e => e.pairSeq === entry.seq);
  return undefined;
}

// The selected entry: its metadata, the request and the response side by side (linked both ways),
// copy as JSON, and replay for anything that was (or would have been) a request from this app.
import { useState } from 'react';
import type { LogEntry } from '../../../shared/contract';
import { directionLabel, formatBytes, formatClock, formatLatency, kindLabel, prettyJson } from './log-format';
import { indexOfSeq } from './log-store';
import { ReplayForm } from './ReplayForm';

export interface LogDetailProps {
  entries: LogEntry[];
  selectedSeq: number;
  onSelect(seq: number): void;
}

export function LogDetail({ entries, selectedSeq, onSelect }: LogDetailProps) {
  const [copyStatus, setCopyStatus] = useState('');
  const [replaying, setReplaying] = useState(false);
  const at = indexOfSeq(entries, selectedSeq);
  if (at === -1) return <div className="log-detail log-detail--empty">The selected entry is no longer in the log.</div>;
  const entry = entries[at];
  const pair = findPair(entries, entry);
  const request = isRequestSide(entry) ? entry : pair;
  const response = isRequestSide(entry) ? pair : entry;
  const replayable = request && (request.kind === 'cache-hit' || (request.kind === 'request' && request.direction === 'out'));

  const copy = () => {
    const text = prettyJson(entry.message);
    if (!navigator.clipboard) {
      setCopyStatus('Clipboard not available here');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setCopyStatus('Copied'),
      () => setCopyStatus('Copy refused by the browser')
    );
  };

  return (
    <div className="log-detail" data-testid="log-detail" data-seq={entry.seq} data-pair-seq={pair?.seq ?? ''}>
      <div className="log-detail-head">
        <strong>
          {entry.kind === 'cache-hit' ? 'Served from cache' : kindLabel[entry.kind]} {entry.method ?? ''}
        </strong>
        <span>{directionLabel[entry.direction]}</span>
        <span>{entry.serverId}</span>
        <span>{formatClock(entry.at)}</span>
        {entry.id !== undefined && <span>id {String(entry.id)}</span>}
        {response?.latencyMs !== undefined && <span data-testid="log-latency">{formatLatency(response.latencyMs)}</span>}
        {entry.direction !== 'cache' && <span>{formatBytes(entry.size)}</span>}
        {entry.origin === 'probe' && <span className="log-badge log-badge--probe">era probe</span>}
        {entry.origin === 'replay' && <span className="log-badge log-badge--replay">replayed</span>}
        <span className="log-toolbar-spacer" />
        <button type="button" data-testid="log-copy" onClick={copy}>
          Copy as JSON
        </button>
        {copyStatus && <span role="status">{copyStatus}</span>}
        {pair && (
          <button type="button" data-testid="log-go-to-pair" onClick={() => onSelect(pair.seq)}>
            Go to {isRequestSide(entry) ? 'response' : 'request'}
          </button>
        )}
        {replayable && (
          <button type="button" data-testid="log-replay-open" aria-expanded={replaying} onClick={() => setReplaying(r => !r)}>
            Replay…
          </button>
        )}
      </div>
      {entry.kind === 'cache-hit' && (
        <p className="log-note" data-testid="log-cache-note">
          Served from the response cache: nothing was sent to the server and nothing came back.
        </p>
      )}
      {entry.truncated && <p className="log-note">This frame was too large to keep whole; long strings and lists are cut where marked.</p>}
      {replaying && request && replayable && <ReplayForm key={request.seq} request={request} onSelect={onSelect} />}
      <div className="log-frames">
        <Frame title={request?.kind === 'cache-hit' ? 'Request (not sent)' : 'Request'} entry={request} testId="log-detail-request" selected={entry} />
        {entry.kind !== 'notification' && entry.kind !== 'cache-hit' && (
          <Frame title={response?.kind === 'error' ? 'Error response' : 'Response'} entry={response} testId="log-detail-response" selected={entry} />
        )}
        {entry.kind === 'notification' && <Frame title="Notification" entry={entry} testId="log-detail-notification" selected={entry} />}
      </div>
    </div>
  );
}

function Frame({ title, entry, testId, selected }: { title: string; entry: LogEntry | undefined; testId: string; selected: LogEntry }) {
  return (
    <section className={`log-frame${entry === selected ? ' log-frame--selected' : ''}`} data-testid={testId} aria-label={title}>
      <h4>
        {title}
        {entry && entry !== selected && <span className="log-muted"> #{entry.seq}</span>}
      </h4>
      {entry ? <pre>{prettyJson(entry.message)}</pre> : <p className="log-muted">{title.startsWith('Request') ? 'Not in the log.' : 'No answer in the log (yet).'}</p>}
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

// Binary content: a hex dump of the first bytes (the rest can be saved to disk from the part toolbar).
import { useMemo } from 'react';
import { formatBytes } from '../../../shared/format';
import { hexLines } from './bytes';

const previewBytes = 4096;

export function HexView({ bytes }: { bytes: Uint8Array }) {
  const lines = useMemo(() => hexLines(bytes, previewBytes), [bytes]);
  return (
    <div className="hex-view">
      {bytes.length > previewBytes && (
        <p className="note">
          First {formatBytes(previewBytes)} of {formatBytes(bytes.length)}; save to disk for the rest.
        </p>
      )}
      {bytes.length === 0 ? <p className="note">Empty.</p> : <pre>{lines.join('\n')}</pre>}
    </div>
  );
}

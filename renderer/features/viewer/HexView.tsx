// Binary content: a hex dump of the first bytes (the rest can be saved to disk from the part toolbar).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hexLines } from './bytes';

const previewBytes = 4096;

export function HexView({ bytes }: { bytes: Uint8Array }) {
  const { t } = useTranslation('viewer');
  const lines = useMemo(() => hexLines(bytes, previewBytes), [bytes]);
  return (
    <div className="hex-view">
      {bytes.length > previewBytes && (
        <p className="note">{t('hex.firstBytes', { shown: previewBytes, size: bytes.length })}</p>
      )}
      {bytes.length === 0 ? <p className="note">{t('hex.empty')}</p> : <pre>{lines.join('\n')}</pre>}
    </div>
  );
}

// Export of the tray: a format (Markdown or JSON) and a destination (clipboard or file).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trayExportText, IncompleteTrayError, type TrayEntry, type TrayExportFormat } from '../../../shared/tray/tray-export';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';

export function ExportMenu({ entries, onStatus }: { entries: TrayEntry[]; onStatus(text: string): void }) {
  const { t } = useTranslation('tray');
  const engine = useEngine();
  const id = useId();
  const [format, setFormat] = useState<TrayExportFormat>('markdown');
  const [busy, setBusy] = useState(false);
  const run = async (destination: 'clipboard' | 'file') => {
    setBusy(true);
    try {
      const text = trayExportText(entries, format);
      if (destination === 'clipboard') {
        await navigator.clipboard.writeText(text);
        onStatus(t('export.copied', { count: entries.length, format: t(`export.format.${format}`), characters: text.length }));
      } else {
        const suggestedName = format === 'json' ? 'context.json' : 'context.md';
        const saved = await engine.call('file.save', { suggestedName, data: text, encoding: 'utf8' });
        onStatus(saved.saved ? t('export.saved', { path: saved.path ?? suggestedName }) : t('export.cancelled'));
      }
    } catch (e) {
      onStatus(e instanceof IncompleteTrayError ? t('export.incomplete', { message: e.message }) : t('export.failed', { message: callErrorOf(e).message }));
    } finally {
      setBusy(false);
    }
  };
  const disabled = busy || entries.length === 0;
  return (
    <div className="export-menu" data-testid="context-export" role="group" aria-label={t('export.label')}>
      <label htmlFor={`${id}-format`}>{t('export.as')}</label>
      <select
        id={`${id}-format`}
        data-testid="context-export-format"
        value={format}
        onChange={e => setFormat(e.target.value as TrayExportFormat)}
      >
        <option value="markdown">{t('export.format.markdown')}</option>
        <option value="json">{t('export.format.json')}</option>
      </select>
      <button type="button" data-testid="context-export-copy" disabled={disabled} onClick={() => void run('clipboard')}>
        {t('export.copy')}
      </button>
      <button type="button" data-testid="context-export-save" disabled={disabled} onClick={() => void run('file')}>
        {t('export.save')}
      </button>
    </div>
  );
}

// Rendered markdown. Link clicks never navigate the app: vetted http(s) links go to the system browser
// through `shell.openExternal`.
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useUiStore } from '../../state/ui-store';
import { renderMarkdown } from './markdown';

export function MarkdownView({ source }: { source: string }) {
  const { t } = useTranslation('viewer');
  const engine = useEngine();
  const reportError = useUiStore(s => s.reportError);
  const html = useMemo(() => renderMarkdown(source), [source]);
  const onClick = (event: MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a');
    if (!link) return;
    event.preventDefault();
    const href = link.getAttribute('href') ?? '';
    if (!/^https?:/i.test(href)) return;
    engine.call('shell.openExternal', { url: href }).catch(e => reportError(t('errorContext.openLink'), callErrorOf(e)));
  };
  // markdown-it output with html disabled: the source's own tags arrive escaped.
  return <div className="markdown-view" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

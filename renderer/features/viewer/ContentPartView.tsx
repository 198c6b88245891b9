// One content item of a read (`content-part`): its preview by kind, with "view source" for rendered
// kinds, copy, and save to disk. The page holds at most a bounded preview of a big part (`part.preview`):
// Save asks the host to take the whole part from the engine to disk (`content.save`).
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentPart } from '../../../shared/contract';
import { baseMime, isTextual, languageFor, previewKind, renderedKinds, type PreviewKind } from '../../../shared/viewer/content-kind';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useUiStore } from '../../state/ui-store';
import { base64ToBytes, bytesToText } from './bytes';
import { ContentAnnotations } from './ContentAnnotations';
import { HexView } from './HexView';
import { CsvView, JsonView, MarkdownView, TextView } from './lazy-views';
import { MediaView } from './MediaView';
import { SandboxFrame } from './SandboxFrame';
import { ServerText } from '../server-text/ServerText';
import { withHiddenMarked } from '../../../shared/hidden-characters';

interface Decoded {
  kind: PreviewKind;
  text?: string;
  bytes?: Uint8Array;
  size: number;
  /** The blob is not valid base64. */
  undecodable?: boolean;
}

function decode(part: ContentPart): Decoded {
  const kind = previewKind(part);
  if (part.kind === 'text') return { kind, text: part.text, size: new TextEncoder().encode(part.text).length };
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(part.blob);
  } catch {
    return { kind: 'binary', size: 0, undecodable: true };
  }
  return isTextual(kind) ? { kind, bytes, text: bytesToText(bytes), size: bytes.length } : { kind, bytes, size: bytes.length };
}

function fileNameFor(uri: string, kind: PreviewKind): string {
  const leaf = uri.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? 'resource';
  return /\.[a-z0-9]{1,8}$/i.test(leaf) ? leaf : `${leaf}.${kind === 'binary' ? 'bin' : kind === 'markdown' ? 'md' : kind === 'code' || kind === 'text' ? 'txt' : kind}`;
}

function Preview({ decoded, part, source }: { decoded: Decoded; part: ContentPart; source: boolean }) {
  const { t } = useTranslation('viewer');
  const { kind, text, bytes } = decoded;
  const title = part.uri;
  if (part.preview?.omitted) return null;
  if (decoded.undecodable) return <p className="note">{t('part.invalidBase64')}</p>;
  if (decoded.size === 0) return <p className="note">{t('part.empty')}</p>;
  if (text !== undefined && (source || kind === 'code' || kind === 'text')) {
    const language = languageFor(part.mimeType, part.uri) ?? (source ? sourceLanguage(kind) : undefined);
    return <TextView text={text} language={language} />;
  }
  switch (kind) {
    case 'markdown':
      return <MarkdownView source={text ?? ''} />;
    case 'json':
      return <JsonView source={text ?? ''} />;
    case 'csv':
      return <CsvView source={text ?? ''} delimiter={baseMime(part.mimeType) === 'text/tab-separated-values' ? '\t' : undefined} />;
    case 'html':
    case 'svg':
      return <SandboxFrame source={text ?? ''} title={t('part.sandboxTitle', { kind: kind.toUpperCase(), uri: title })} />;
    case 'image':
    case 'audio':
    case 'video':
    case 'pdf':
      return bytes ? <MediaView bytes={bytes} kind={kind} mime={baseMime(part.mimeType)} title={title} /> : null;
    default:
      return bytes ? <HexView bytes={bytes} /> : <TextView text={text ?? ''} />;
  }
}

function sourceLanguage(kind: PreviewKind): string | undefined {
  return kind === 'html' || kind === 'svg' ? 'xml' : kind === 'markdown' ? 'markdown' : kind === 'json' ? 'json' : undefined;
}

/** What the page holds of a part that is bigger than its preview, and where the rest is. */
function PreviewNote({ part, shownBytes }: { part: ContentPart; shownBytes: number }) {
  const { t } = useTranslation('viewer');
  if (!part.preview) return null;
  return (
    <p className="note" data-testid="content-preview-note">
      {part.preview.omitted
        ? t('part.previewOmitted', { size: part.preview.size })
        : t('part.previewPartial', { shown: shownBytes, size: part.preview.size })}
    </p>
  );
}

export function ContentPartView({ part, index, total, source: origin }: { part: ContentPart; index: number; total: number; source: { serverId: string; uri: string } }) {
  const { t } = useTranslation('viewer');
  const engine = useEngine();
  const reportError = useUiStore(s => s.reportError);
  const decoded = useMemo(() => decode(part), [part]);
  const [source, setSource] = useState(false);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = part.kind === 'text' ? part.text : decoded.text ?? part.blob;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch (e) {
      reportError(t('errorContext.copy'), callErrorOf(e));
    }
  };
  const save = () => {
    const params = { serverId: origin.serverId, uri: origin.uri, index, suggestedName: fileNameFor(part.uri, decoded.kind) };
    engine.call('content.save', params).catch(e => reportError(t('errorContext.save'), callErrorOf(e)));
  };
  const truncated = part.preview && { 'data-truncated': part.preview.omitted ? 'omitted' : 'preview' };
  return (
    <section
      data-testid="content-part"
      data-mime={part.mimeType}
      data-kind={part.kind}
      data-preview={decoded.kind}
      data-size={part.preview?.size ?? decoded.size}
      {...truncated}
      className="content-part"
      aria-label={t('part.label', { index: index + 1, total, mime: part.mimeType ? withHiddenMarked(part.mimeType) : t('part.unknownType') })}
    >
      <div className="part-toolbar">
        <span className="part-kind">{decoded.kind}</span>
        {total > 1 && (
          <span className="part-uri">
            <ServerText text={part.uri} />
          </span>
        )}
        <span className="part-mime">{part.mimeType ?? t('noMimeType')}</span>
        <span className="part-size">{t('part.size', { size: part.preview?.size ?? decoded.size })}</span>
        <ContentAnnotations part={part} />
        <span className="part-actions">
          {renderedKinds.has(decoded.kind) && decoded.text !== undefined && (
            <button type="button" aria-pressed={source} onClick={() => setSource(s => !s)} data-testid="view-source">
              {t('part.viewSource')}
            </button>
          )}
          <button type="button" onClick={() => void copy()} data-testid="copy-content">
            {copied ? t('part.copied') : t('part.copy')}
          </button>
          <button type="button" onClick={save} data-testid="save-content">
            {t('part.save')}
          </button>
        </span>
      </div>
      <PreviewNote part={part} shownBytes={decoded.size} />
      <Suspense fallback={<p className="note">{t('part.loadingPreview')}</p>}>
        <Preview decoded={decoded} part={part} source={source} />
      </Suspense>
    </section>
  );
}

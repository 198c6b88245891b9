// Images, audio, video and PDF from blob bytes, through blob: URLs typed by us (never by the server's
// claim alone: the preview kind already decided the element).
import type { PreviewKind } from '../../../shared/viewer/content-kind';
import { useObjectUrl } from './use-object-url';

const pdfType = 'application/pdf';

export function MediaView({ bytes, kind, mime, title }: { bytes: Uint8Array; kind: PreviewKind; mime: string; title: string }) {
  const type = kind === 'pdf' ? pdfType : mime;
  const url = useObjectUrl(bytes, type);
  if (!url) return null;
  if (kind === 'image') return <img className="media-image" src={url} alt={title} />;
  if (kind === 'audio') return <audio className="media-audio" src={url} controls aria-label={title} />;
  if (kind === 'video') return <video className="media-video" src={url} controls aria-label={title} />;
  return <iframe className="media-pdf" src={url} title={title} />;
}

// Browser mode's host: the page itself implements the host contract (shared/contract/host-methods.ts).
// Links open in a new tab of the same browser (no opener, no referrer) and saving a file is a download;
// the bridge on the other end of the socket could not show the user either.
import { EngineCallError, type HostMethods } from '../../shared/contract';
import { vetExternalUrl } from '../../shared/external-url';
import { safeFileName } from '../../shared/file-names';

function decode(data: string, encoding: 'utf8' | 'base64'): Uint8Array | string {
  if (encoding === 'utf8') return data;
  let binary: string;
  try {
    binary = atob(data);
  } catch {
    throw new EngineCallError({ code: 'invalid_params', message: 'file.save: data is not valid base64' });
  }
  return Uint8Array.from(binary, c => c.charCodeAt(0));
}

export function browserHostMethods(doc: Document, win: Window): HostMethods {
  return {
    'shell.openExternal': async ({ url }) => {
      const vetted = vetExternalUrl(url);
      if (!vetted) return { opened: false };
      win.open(vetted.toString(), '_blank', 'noopener,noreferrer');
      return { opened: true };
    },
    'content.save': async ({ serverId, uri, index, suggestedName }) => {
      // The bridge streams the whole part from the engine (authenticated by the page's token cookie); the
      // socket only ever carried a preview.
      const query = new URLSearchParams({ serverId, uri, index: String(index), name: safeFileName(suggestedName) });
      const link = doc.createElement('a');
      link.href = `/content?${query.toString()}`;
      link.download = safeFileName(suggestedName);
      link.rel = 'noopener';
      doc.body.append(link);
      link.click();
      link.remove();
      return { saved: true };
    },
    'file.save': async ({ suggestedName, data, encoding }) => {
      const blob = new Blob([decode(data, encoding) as BlobPart]);
      const href = URL.createObjectURL(blob);
      const link = doc.createElement('a');
      link.href = href;
      link.download = safeFileName(suggestedName);
      link.rel = 'noopener';
      doc.body.append(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the URL goes away.
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
      return { saved: true };
    }
  };
}

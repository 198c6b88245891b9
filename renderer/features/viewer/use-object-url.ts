import { useEffect, useState } from 'react';

/** A blob: URL for bytes with the given type, revoked when the bytes change or the view goes away. */
export function useObjectUrl(bytes: Uint8Array | undefined, type: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!bytes) return;
    const next = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
    // The URL is a resource the effect owns (made here, revoked in cleanup), so it is set from the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [bytes, type]);
  return url;
}

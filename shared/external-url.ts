// Vetting for links the app hands to the operating system: only absolute http(s) URLs without
// credentials go out; anything else (file:, javascript:, custom schemes) is refused.
export function vetExternalUrl(candidate: string): URL | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!url.hostname) return null;
  return url;
}

// A server-suggested file name is untrusted: keep only its last path segment, without control or
// reserved characters and without a leading dot, so a save lands where the user chose and stays visible.
export function safeFileName(suggested: string): string {
  const base = suggested.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^\.+/, '').trim();
  return cleaned.slice(0, 200) || 'resource';
}

// The Content-Security-Policy both shells give the renderer. Scripts and styles come only from the
// app's own files (Vite emits no inline script); server content may show images and media as data:
// or blob: URLs but can never load anything from the network, run script, frame the app or post forms.
export interface CspOptions {
  /** Extra `connect-src` sources, e.g. the browser-mode socket origin. */
  connect?: string[];
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.connect ?? [])],
    'worker-src': ["'self'", 'blob:'],
    // PDF previews: the viewer frames a blob: URL it made itself, typed application/pdf.
    'frame-src': ['blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"]
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers for every page and asset the app serves (CSP added for documents). */
export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()'
};

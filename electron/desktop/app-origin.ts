// The renderer is served from a privileged custom scheme rather than file://, so it has a real
// origin ('self' in the CSP means our files only) and relative asset URLs resolve.
export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

export function isAppUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

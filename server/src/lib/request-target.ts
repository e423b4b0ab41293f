/**
 * Whether a raw request target names the API, however it is spelled: absolute form (`http://host/api/x`),
 * percent-encoding (`/%61pi`), letter case (`/API`), doubled or back slashes (`//api`, `\\api`), dot segments
 * (`/x/../api`). Used only to choose between the SPA's index page and a JSON 404 for targets no route matched;
 * access to matched routes is decided by the route's declared access (plugins/auth.ts), never by this text.
 */
export function isApiTarget(rawTarget: string): boolean {
  let path = rawTarget.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(path);
      if (decoded === path) break;
      path = decoded;
    } catch {
      break;
    }
  }
  path = path.replaceAll('\\', '/').replace(/\/{2,}/g, '/');
  try {
    path = new URL(path.startsWith('/') ? path : `/${path}`, 'http://x').pathname;
  } catch {
    return true;
  }
  return /^\/api(?:[/;.]|$)/i.test(path);
}

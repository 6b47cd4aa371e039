const defaultTarget = '/dashboard';
const appRequestPattern = /^app-request:([A-Za-z0-9-]+)$/;

/**
 * Where to go after sign-in. `app-request:{id}` opens that application request (docs/spec.md §2); any
 * other value must be a path on this site, so a crafted link cannot send the user elsewhere.
 */
export function resolvePostLoginTarget(requested: unknown): string {
  if (typeof requested !== 'string' || requested === '') {
    return defaultTarget;
  }
  const appRequest = appRequestPattern.exec(requested);
  if (appRequest) {
    return `/system/app-requests/${appRequest[1]}`;
  }
  return isSameOriginPath(requested) ? requested : defaultTarget;
}

function isSameOriginPath(candidate: string): boolean {
  // `//host` and `/\host` are protocol-relative in browsers; control characters hide such tricks.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) {
    return false;
  }
  if ([...candidate].some((character) => character < ' ' || character === '\u007f')) {
    return false;
  }
  const base = 'https://portal.invalid';
  try {
    return new URL(candidate, base).origin === base;
  } catch {
    return false;
  }
}

/** "Firefox on Linux" from a User-Agent header, or the header itself when it names neither. */
export function describeClient(userAgent: string | null): string {
  if (!userAgent) return 'Unknown client';
  const browser = [
    ['Edge', /Edg\//],
    ['Opera', /OPR\//],
    ['Chrome', /Chrom(e|ium)\//],
    ['Firefox', /Firefox\//],
    ['Safari', /Safari\//],
  ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] as string | undefined;
  const system = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X/],
    ['Linux', /Linux/],
  ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] as string | undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

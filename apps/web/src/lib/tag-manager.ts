export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Loads Google Tag Manager from a script element (no inline script, so the strict CSP holds).
 * Returns false when no container id is configured: tag management is then off.
 */
export function loadTagManager(containerId: string | null, target: Window = window): boolean {
  if (!containerId) {
    return false;
  }
  target.dataLayer ??= [];
  target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = target.document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  target.document.head.append(script);
  return true;
}

export function pushToDataLayer(event: DataLayerEvent, target: Window = window): void {
  target.dataLayer ??= [];
  target.dataLayer.push(event);
}

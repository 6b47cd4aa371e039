import { useLayoutEffect, useSyncExternalStore } from 'react';

export type ColourMode = 'light' | 'dark';
export type ColourModePreference = 'system' | ColourMode;

export const colourModePreferences: readonly ColourModePreference[] = ['system', 'light', 'dark'];
export const colourModeStorageKey = 'dxp:colour-mode';
/**
 * The same choice as a cookie, which the built-in provider's server-rendered pages (/idp) read, so they are drawn
 * in it from the first paint (apps/server/src/idp/pages.ts); localStorage stays the web app's own source.
 */
export const colourModeCookie = 'dxp-colour-mode';
const colourModeCookieMaxAgeSeconds = 400 * 24 * 60 * 60; // browsers cap cookie lifetimes at 400 days
// docs/spec.md §9: the browser chrome colour follows the page.
export const themeColours: Record<ColourMode, string> = { light: '#ffffff', dark: '#1b1718' };

const darkQuery = '(prefers-color-scheme: dark)';

interface ColourModeState {
  preference: ColourModePreference;
  systemMode: ColourMode;
  /** Set while a page that forces a mode is mounted. */
  forcedMode: ColourMode | null;
}

let state: ColourModeState = { preference: 'system', systemMode: 'light', forcedMode: null };
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

export function isColourModePreference(value: unknown): value is ColourModePreference {
  return colourModePreferences.includes(value as ColourModePreference);
}

function writeCookie(preference: ColourModePreference): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${colourModeCookie}=${preference}; path=/; max-age=${colourModeCookieMaxAgeSeconds}; samesite=lax${secure}`;
}

function readStoredPreference(): ColourModePreference {
  try {
    const stored = localStorage.getItem(colourModeStorageKey);
    return isColourModePreference(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage blocked (privacy mode): fall back to the OS
  }
}

export function resolveColourMode({ preference, systemMode, forcedMode }: ColourModeState): ColourMode {
  return forcedMode ?? (preference === 'system' ? systemMode : preference);
}

function applyToDocument(mode: ColourMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = themeColours[mode];
}

function update(change: Partial<ColourModeState>): void {
  state = { ...state, ...change };
  applyToDocument(resolveColourMode(state));
  for (const listener of listeners) listener();
}

/**
 * Applies the stored preference to <html> and starts following the OS and other tabs.
 * Call synchronously in main.tsx before rendering, so the first paint already has the right colours
 * (our CSP forbids the usual inline script). Calling it again restarts it; the result stops it.
 */
export function initColourMode(): () => void {
  stopWatching?.();
  const media = window.matchMedia(darkQuery);
  const onSystemChange = (event: MediaQueryListEvent) => update({ systemMode: event.matches ? 'dark' : 'light' });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== colourModeStorageKey) return;
    const preference = readStoredPreference();
    writeCookie(preference);
    update({ preference });
  };
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  stopWatching = () => {
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
    stopWatching = null;
  };
  const preference = readStoredPreference();
  // A choice made before the cookie existed (or in another tab) reaches the provider's pages too.
  writeCookie(preference);
  update({ preference, systemMode: media.matches ? 'dark' : 'light', forcedMode: null });
  return stopWatching;
}

export function setColourModePreference(preference: ColourModePreference): void {
  try {
    localStorage.setItem(colourModeStorageKey, preference);
  } catch {
    // storage blocked: the choice still holds for this page view
  }
  writeCookie(preference);
  update({ preference });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getState(): ColourModeState {
  return state;
}

export function useColourMode(): {
  preference: ColourModePreference;
  /** The mode actually shown (after system resolution and any forced mode). */
  mode: ColourMode;
  isForced: boolean;
  setPreference: (preference: ColourModePreference) => void;
} {
  const current = useSyncExternalStore(subscribe, getState, getState);
  return {
    preference: current.preference,
    mode: resolveColourMode(current),
    isForced: current.forcedMode !== null,
    setPreference: setColourModePreference,
  };
}

/** Shows the page in `mode` while the calling component is mounted, whatever the user's preference. */
export function useForcedColourMode(mode: ColourMode): void {
  useLayoutEffect(() => {
    const previous = state.forcedMode;
    update({ forcedMode: mode });
    return () => update({ forcedMode: previous });
  }, [mode]);
}

import { act, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  colourModeCookie,
  colourModeStorageKey,
  initColourMode,
  setColourModePreference,
  useColourMode,
  useForcedColourMode,
  type ColourMode,
} from './colour-mode';

/** A controllable stand-in for the OS colour scheme (jsdom has no matchMedia). */
function fakeSystemColourScheme(initial: ColourMode) {
  const changeListeners = new Set<(event: MediaQueryListEvent) => void>();
  const media = {
    matches: initial === 'dark',
    addEventListener: (_type: 'change', listener: (event: MediaQueryListEvent) => void) =>
      changeListeners.add(listener),
    removeEventListener: (_type: 'change', listener: (event: MediaQueryListEvent) => void) =>
      changeListeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-color-scheme: dark)');
    return media;
  });
  return {
    switchTo(mode: ColourMode) {
      media.matches = mode === 'dark';
      for (const listener of changeListeners) listener({ matches: media.matches } as MediaQueryListEvent);
    },
  };
}

const html = document.documentElement;
const themeColour = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');
const cookieValue = () => new RegExp(`(?:^|; )${colourModeCookie}=([^;]*)`).exec(document.cookie)?.[1];

describe('colour mode', () => {
  let stop: () => void = () => {};

  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('follows the OS when nothing is stored, and updates live when the OS changes', () => {
    const system = fakeSystemColourScheme('dark');
    stop = initColourMode();
    expect(html).toHaveClass('dark');
    expect(themeColour()).toBe('#1b1718');

    act(() => system.switchTo('light'));
    expect(html).not.toHaveClass('dark');
    expect(themeColour()).toBe('#ffffff');
  });

  it('applies a stored preference before anything renders, over the OS setting', () => {
    fakeSystemColourScheme('light');
    localStorage.setItem(colourModeStorageKey, 'dark');
    stop = initColourMode();
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
  });

  it('ignores a stored value that is not a preference', () => {
    fakeSystemColourScheme('light');
    localStorage.setItem(colourModeStorageKey, 'purple');
    stop = initColourMode();
    const { result } = renderHook(() => useColourMode());
    expect(result.current.preference).toBe('system');
    expect(html).not.toHaveClass('dark');
  });

  it('stores a chosen preference and stops following the OS', () => {
    const system = fakeSystemColourScheme('light');
    stop = initColourMode();
    const { result } = renderHook(() => useColourMode());

    act(() => result.current.setPreference('dark'));
    expect(localStorage.getItem(colourModeStorageKey)).toBe('dark');
    expect(result.current).toMatchObject({ preference: 'dark', mode: 'dark' });

    act(() => system.switchTo('light'));
    expect(html).toHaveClass('dark');

    act(() => result.current.setPreference('system'));
    expect(localStorage.getItem(colourModeStorageKey)).toBe('system');
    expect(html).not.toHaveClass('dark');
  });

  it('picks up a preference changed in another tab', () => {
    fakeSystemColourScheme('light');
    stop = initColourMode();
    localStorage.setItem(colourModeStorageKey, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: colourModeStorageKey }));
    });
    expect(html).toHaveClass('dark');
  });

  it("writes the choice to a cookie for the sign-in provider's pages, also one stored before the cookie existed", () => {
    fakeSystemColourScheme('light');
    localStorage.setItem(colourModeStorageKey, 'dark');
    stop = initColourMode();
    expect(cookieValue()).toBe('dark');

    setColourModePreference('light');
    expect(cookieValue()).toBe('light');
    setColourModePreference('system');
    expect(cookieValue()).toBe('system');

    localStorage.setItem(colourModeStorageKey, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: colourModeStorageKey }));
    });
    expect(cookieValue()).toBe('dark');
  });

  it('lets a page force a mode while it is mounted', () => {
    fakeSystemColourScheme('light');
    stop = initColourMode();
    setColourModePreference('light');

    function ForcedDarkPage() {
      useForcedColourMode('dark');
      return null;
    }
    const page = render(<ForcedDarkPage />);
    expect(html).toHaveClass('dark');
    expect(themeColour()).toBe('#1b1718');

    page.unmount();
    expect(html).not.toHaveClass('dark');
    expect(themeColour()).toBe('#ffffff');
  });
});

import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ColourModeTrigger } from './colour-mode-trigger';

type ColourModeMenuModule = typeof import('./colour-mode-menu');

let loadedMenu: ColourModeMenuModule | undefined;
const loadMenu = () => import('./colour-mode-menu').then((module) => (loadedMenu = module));

// The keys that open a Radix dropdown from its trigger.
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The colour-mode menu of the pages before sign-in. Its button renders at once; the menu's code (the
 * Radix dropdown and its positioning, ~30 KB gzipped) loads when the pointer or the focus reaches the
 * button, so `/` starts without it. A press before the code has arrived opens the menu when it has, and
 * the focus stays on the button across the swap.
 */
export function DeferredColourModeMenu() {
  const [menu, setMenu] = useState(loadedMenu);
  const [isOpenWhenLoaded, setIsOpenWhenLoaded] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);

  useLayoutEffect(() => {
    if (menu && hadFocus.current && !isOpenWhenLoaded) container.current?.querySelector('button')?.focus();
  }, [menu, isOpenWhenLoaded]);

  if (menu) {
    return (
      <div ref={container} className="contents">
        <menu.ColourModeMenu defaultOpen={isOpenWhenLoaded} />
      </div>
    );
  }

  const load = () => void loadMenu().then(setMenu);
  const openWhenLoaded = () => {
    setIsOpenWhenLoaded(true);
    load();
  };
  return (
    <div ref={container} className="contents">
      <ColourModeTrigger
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={load}
        onFocus={() => {
          hadFocus.current = true;
          load();
        }}
        onBlur={() => {
          hadFocus.current = false;
        }}
        onPointerDown={(event) => {
          if (event.button === 0 && !event.ctrlKey) openWhenLoaded();
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (openingKeys.has(event.key)) {
            event.preventDefault();
            openWhenLoaded();
          }
        }}
      />
    </div>
  );
}

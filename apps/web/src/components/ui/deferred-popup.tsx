import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** A popup's code, fetched once on demand and remembered for every later render. */
export interface DeferredPart<T> {
  loaded: () => T | undefined;
  load: () => Promise<T>;
}

export function deferredPart<T>(importPart: () => Promise<T>): DeferredPart<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => loaded,
    load: () =>
      (loading ??= importPart().then(
        (part) => (loaded = part),
        (error: unknown) => {
          // A failed fetch (a new deployment, a dropped connection) is tried again on the next hover or press.
          loading = undefined;
          throw error;
        },
      )),
  };
}

// The keys that open a Radix dropdown or popover from its trigger (a popover's button opens on its click).
const openingKeys = { menu: new Set(['Enter', ' ', 'ArrowDown']), dialog: new Set(['Enter', ' ']) };

/** What a placeholder trigger needs: the attributes of the real one, closed, and the handlers that load it. */
export interface DeferredTriggerProps {
  'aria-haspopup': 'menu' | 'dialog';
  'aria-expanded': false;
  'data-state': 'closed';
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * A Radix dropdown or popover whose code stays out of the first load. Until it has loaded, the page shows
 * an identical placeholder trigger; the pointer or the focus reaching it starts the load, and a press
 * (pointer, Enter, Space or ArrowDown, as Radix opens them) asks for the popup to open once the code is
 * there. The focus stays on the trigger across the swap. Render the returned `containerRef` on an
 * element (`display: contents`) that holds the trigger as its first button.
 */
export function useDeferredPopup<T>(part: DeferredPart<T>, popup: 'menu' | 'dialog', onOpenRequest?: () => void) {
  const [loaded, setLoaded] = useState(part.loaded);
  const [isOpenWhenLoaded, setIsOpenWhenLoaded] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);

  useLayoutEffect(() => {
    if (loaded && hadFocus.current && !isOpenWhenLoaded) containerRef.current?.querySelector('button')?.focus();
  }, [loaded, isOpenWhenLoaded]);

  const load = () => {
    part.load().then(
      (value) => setLoaded(() => value),
      () => undefined,
    );
  };
  const openWhenLoaded = () => {
    setIsOpenWhenLoaded(true);
    onOpenRequest?.();
    load();
  };
  const triggerProps: DeferredTriggerProps = {
    'aria-haspopup': popup,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: load,
    onFocus: () => {
      hadFocus.current = true;
      load();
    },
    onBlur: () => {
      hadFocus.current = false;
    },
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) openWhenLoaded();
    },
    onKeyDown: (event) => {
      if (openingKeys[popup].has(event.key)) {
        event.preventDefault();
        openWhenLoaded();
      }
    },
  };
  return { loaded, isOpenWhenLoaded, containerRef, triggerProps };
}

import { ColourModeTrigger } from './colour-mode-trigger';
import { deferredPart, useDeferredPopup } from '@/components/ui/deferred-popup';

const colourModeMenu = deferredPart(() => import('./colour-mode-menu'));

/**
 * The colour-mode menu. Its button renders at once; the menu's code (the Radix dropdown and its
 * positioning, ~30 KB gzipped) loads when the pointer or the focus reaches the button, so the first load
 * does without it. A press before the code has arrived opens the menu when it has.
 */
export function DeferredColourModeMenu() {
  const { loaded, isOpenWhenLoaded, containerRef, triggerProps } = useDeferredPopup(colourModeMenu, 'menu');
  return (
    <div ref={containerRef} className="contents">
      {loaded ? <loaded.ColourModeMenu defaultOpen={isOpenWhenLoaded} /> : <ColourModeTrigger {...triggerProps} />}
    </div>
  );
}

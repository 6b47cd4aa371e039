import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** How long the page must be free of finite animations before it is judged. */
const QUIET_MS = 500;

/**
 * Waits until no finite animation has run for QUIET_MS: mid-animation colours (a toast fading in,
 * possibly a moment after a request answers) are not the ones people read. Endless animations
 * (spinners, skeleton pulses) are left alone.
 */
async function waitForQuietPage(page: Page): Promise<void> {
  await page.waitForFunction(
    (quietMs) => {
      const state = window as unknown as { quietSince?: number };
      const isAnimating = document
        .getAnimations()
        .some(
          (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
        );
      if (isAnimating) {
        state.quietSince = undefined;
        return false;
      }
      state.quietSince ??= performance.now();
      return performance.now() - state.quietSince >= quietMs;
    },
    QUIET_MS,
    { polling: 50 },
  );
  await page.evaluate(() => {
    delete (window as unknown as { quietSince?: number }).quietSince;
  });
}

/**
 * Fails on any serious or critical axe-core violation on the current page. The page is judged with reduced
 * motion (which the app honours): a toast that times out during the check is gone at once instead of
 * fading through frames whose contrast nobody reads.
 */
export async function expectNoSeriousAccessibilityViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitForQuietPage(page);
  // Legacy mode runs axe in the page itself. The default opens a blank tab for every check to merge the results of
  // the page's frames, which costs about as much CPU as the check (docs/performance.md); the app has no frames.
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  await page.emulateMedia({ reducedMotion: null });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

import { expect, type Page } from '@playwright/test';
import axe, { type RunOptions } from 'axe-core';

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
 * axe-core in the page, once per document: the Playwright wrapper sent its 550 KB source twice at every check, most
 * of a check's cost (decision 0153).
 */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axe.source);
}

/** Only violations come back in full; the other result types would list every node that passed. */
const runOptions: RunOptions = { resultTypes: ['violations'] };

/**
 * Fails on any serious or critical axe-core violation on the current page. The page is judged with reduced
 * motion (which the app honours): a toast that times out during the check is gone at once instead of
 * fading through frames whose contrast nobody reads.
 */
export async function expectNoSeriousAccessibilityViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitForQuietPage(page);
  await injectAxe(page);
  // The app has no frames: the whole check runs in the page's own document.
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    runOptions,
  );
  await page.emulateMedia({ reducedMotion: null });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type axe from 'axe-core';

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

/** axe-core's minified build: half the bytes of `axe.source` to send and compile, the same rules. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core in the page, once per document: the Playwright wrapper sent its source twice at every check, most of a
 * check's cost (decision 0153).
 */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axeSource);
}

/**
 * In the page: runs every rule of axe's default set that can report a serious or critical violation, and none that
 * can only report a moderate or minor one (`region` alone was a third of a check), so the result's serious and
 * critical violations are those of a whole run. A rule's impact is the greater of its own and its checks'.
 */
function runSeriousRules(): Promise<axe.AxeResults> {
  const { axe: inPage } = window as unknown as { axe: typeof axe };
  const audit = (
    inPage as unknown as {
      _audit?: {
        rules: { id: string; impact?: string; any: { id: string }[]; all: { id: string }[]; none: { id: string }[] }[];
        data: { checks: Record<string, { impact?: string } | undefined> };
      };
    }
  )._audit;
  if (!audit) throw new Error("axe-core's rules were not found: a new version may keep them elsewhere");
  const severity: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
  const rules: Record<string, { enabled: boolean }> = {};
  for (const rule of audit.rules) {
    const impacts = [
      rule.impact,
      ...[...rule.any, ...rule.all, ...rule.none].map(({ id }) => audit.data.checks[id]?.impact),
    ];
    // A rule that states no impact at all runs, and an impact name this code does not know counts as serious.
    const greatest = Math.max(...impacts.map((impact) => (impact ? (severity[impact] ?? 3) : 0)));
    if (greatest > 0 && greatest < severity.serious!) rules[rule.id] = { enabled: false };
  }
  return inPage.run(document, { resultTypes: ['violations'], rules });
}

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
  const results = await page.evaluate(runSeriousRules);
  await page.emulateMedia({ reducedMotion: null });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

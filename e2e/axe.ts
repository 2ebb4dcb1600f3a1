import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious or critical axe violations, listing them. Legacy mode runs axe in the page
 * itself: the product has no iframes, and the per-frame mode opens a second page to merge frame
 * results on every scan, which doubles its cost (about 1.2 s -> 0.5 s a scan here). Only
 * violations are collected, so axe does not record every passing node.
 */
export async function expectNoSeriousA11yViolations(page: Page, what = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    )
    .join('\n');
  expect(serious, `${what}:\n${report}`).toEqual([]);
}

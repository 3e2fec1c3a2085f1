import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA, as issue 12 measures it. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Runs axe-core on the page (or only inside `include`, a CSS selector) and fails listing each violation and where. */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map((violation) => `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

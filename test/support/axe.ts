/**
 * axe-core in the console's browser tests: its source (from node_modules) is evaluated in the page,
 * which the console's Content-Security-Policy would refuse as a script tag, and the page is checked
 * against WCAG 2.1 A and AA.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One failed rule, with the elements (CSS selectors) where it fails. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical WCAG A/AA violations on the page as it is now (an empty list when none). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact as string, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
  });
}

/**
 * WCAG 2.1 A and AA checks of what a page shows (axe-core, the checker browsers' own audits are built on), for the
 * screens the end-to-end tests look at: text contrast in each theme, names of controls and regions, valid ARIA.
 */
import axe from 'axe-core'
import type { Page } from '@playwright/test'

/** The rules run: WCAG 2.0 and 2.1, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Each violation as one line: the rule, its impact, and up to five of the elements it found with axe's reason (the
 * contrast ratio and both colours, for a contrast failure). Empty when the page passes.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, so the page's policy (no inline script, no eval) allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run
    const result = await run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v) => {
      const nodes = v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.any[0] ?? n.all[0])?.message ?? ''}`)
      return `${v.id} (${v.impact}, ${v.nodes.length} elements) ${nodes.join(' | ')}`
    })
  }, TAGS)
}

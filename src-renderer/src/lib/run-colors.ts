/**
 * The colours of run A (the base, the baseline) and run B (the trained run) and of a change, defined once in the
 * shared display rules (RUN_COLORS) and given to the app's CSS as variables (--cmp-a, --cmp-b, --cmp-delta), light
 * and dark (after <html data-theme>, lib/theme.ts), so the charts (which read the variables) and the tables use the same colours as the reports.
 */
import { RUN_COLORS } from '@contract/display'

/** The style sheet defining the run colour variables for both themes. */
export function runColorsCss(colors: typeof RUN_COLORS = RUN_COLORS): string {
  return (
    `:root{--cmp-a:${colors.a};--cmp-b:${colors.b};--cmp-delta:${colors.delta}}` +
    `:root[data-theme='dark']{--cmp-a:${colors.aDark};--cmp-b:${colors.bDark};--cmp-delta:${colors.deltaDark}}`
  )
}

/** Adds the run colour variables to the document (once, at start). */
export function installRunColors(doc: Document): void {
  const style = doc.createElement('style')
  style.dataset.runColors = ''
  style.textContent = runColorsCss()
  doc.head.appendChild(style)
}

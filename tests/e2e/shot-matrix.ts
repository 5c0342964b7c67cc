/** Screenshots of one view at both window sizes the app must work at, in both themes (for a person to look at). */
import { expect, type Page } from '@playwright/test'
import { accessibilityViolations } from './accessibility'
import { shot } from './e2e-helpers'

/** The window sizes every analysis screen is looked at in. */
export const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 }
] as const

/** Waits until every chart on the page is drawn for the given theme. */
export async function chartsDrawn(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const hosts = page.locator('[role="img"][data-scheme]')
  const n = await hosts.count()
  for (let i = 0; i < n; i++) {
    await expect(hosts.nth(i)).toHaveAttribute('data-scheme', scheme)
    await expect(hosts.nth(i)).toHaveAttribute('data-drawn', 'true')
  }
}

/**
 * Switches the page's emulated colour scheme and waits until the page follows it. The app's theme follows the media
 * change on its next event: a screen without charts has nothing else to wait for; a page that declares both schemes
 * (an exported HTML report) follows the media query itself. Now and then (flip-table, about 1 run in 8, with or
 * without a frame asked for) the page never heard of the change: the switch is made again, through the other scheme.
 */
async function emulateScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  let attempt = 0
  await expect(async () => {
    if (attempt++ > 0) await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'light' : 'dark' })
    await page.emulateMedia({ colorScheme: scheme })
    await expect
      .poll(() => page.locator('html').evaluate((el) => getComputedStyle(el).colorScheme), { timeout: 2_000 })
      .toMatch(new RegExp(`^(${scheme}|light dark)$`))
  }).toPass({ timeout: 10_000 })
}

/**
 * Saves `<name>-<size>-<theme>.png` for both sizes and both themes (four shots), running `prepare` after each
 * resize (to scroll something into view), and checks what each shows: nothing spills past its border, no text is
 * cut without a title that holds it, and the WCAG A/AA rules pass (accessibility.ts); leaves the page at 1440×900,
 * light.
 */
export async function shotMatrix(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme)
      await chartsDrawn(page, scheme)
      if (prepare) await prepare()
      await shot(page, `${name}-${size.name}-${scheme}`)
      // at both sizes in light and at 1024 in dark: contrast is the theme's, a region that scrolls the size's
      if (scheme === 'light' || size.name === '1024')
        expect(await accessibilityViolations(page), `WCAG A/AA at ${size.name}, ${scheme}`).toEqual([])
    }
    expect(await spilledBoxes(page), `content spilling past its border at ${size.name}`).toEqual([])
    expect(await cutWithoutTitle(page), `text cut with an ellipsis and no title at ${size.name}`).toEqual([])
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await chartsDrawn(page, 'light')
}

/**
 * Boxes whose content runs past their own border: a button or an element with a left or right border, its overflow
 * visible, its content wider than it is. A card drawn as a button whose figures did not wrap (a button's text does
 * not, base.css) spilled over its border at 1024 px. A box that clips or scrolls its content is not counted. Each
 * one as its tag and test id (or class), its first words and its widths.
 */
export async function spilledBoxes(page: Page): Promise<string[]> {
  return page.locator('body *').evaluateAll((all) =>
    all
      .filter((node) => {
        if (!(node instanceof HTMLElement) || node.offsetParent === null) return false
        const cs = getComputedStyle(node)
        if (cs.overflowX !== 'visible' || cs.display === 'inline') return false
        const bordered = parseFloat(cs.borderLeftWidth) > 0 || parseFloat(cs.borderRightWidth) > 0
        return (bordered || node.tagName === 'BUTTON') && node.scrollWidth > node.clientWidth + 1
      })
      .map((node) => {
        const e = node as HTMLElement
        const what = e.dataset.testid ?? String(e.className).slice(0, 40)
        const words = (e.textContent ?? '').trim().slice(0, 30)
        return `${e.tagName.toLowerCase()} ${what} "${words}" (${e.scrollWidth} px of content in ${e.clientWidth})`
      })
  )
}

/**
 * Texts cut short with an ellipsis that nothing lets a reader see whole: no title on the cut element, on an element
 * around it, or on one inside it (a name in bold with its own title). A run's model and environment, a compare's run
 * names and the episode's run in the bar above it were cut at 1024 px with no way to read them.
 */
export async function cutWithoutTitle(page: Page): Promise<string[]> {
  return page.locator('body *').evaluateAll((all) =>
    all
      .filter((node) => {
        if (!(node instanceof HTMLElement) || node.offsetParent === null) return false
        if (getComputedStyle(node).textOverflow !== 'ellipsis' || node.scrollWidth <= node.clientWidth + 1) return false
        if (node.querySelector('[title]')) return false
        for (let e: HTMLElement | null = node; e; e = e.parentElement) if (e.title) return false
        return true
      })
      .map((node) => {
        const e = node as HTMLElement
        const what = e.dataset.testid ?? String(e.className).slice(0, 40)
        return `${e.tagName.toLowerCase()} ${what} "${(e.textContent ?? '').trim().slice(0, 50)}"`
      })
  )
}

/** Screenshots of one view at both window sizes the app must work at, in both themes (for a person to look at). */
import { expect, type Page } from '@playwright/test'
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
 * resize (to scroll something into view); leaves the page at 1440×900, light.
 */
export async function shotMatrix(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme)
      await chartsDrawn(page, scheme)
      if (prepare) await prepare()
      await shot(page, `${name}-${size.name}-${scheme}`)
    }
    expect(await spilledButtons(page), `text spilling out of its button at ${size.name}`).toEqual([])
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await chartsDrawn(page, 'light')
}

/**
 * Buttons whose text runs past their own box (their overflow visible, their content wider than they are): a card
 * drawn as a button whose figures did not wrap (a button's text does not, base.css) spilled over its border at
 * 1024 px. A button that clips its text (an ellipsis) is not counted. Each one as its test id, or its first words.
 */
export async function spilledButtons(page: Page): Promise<string[]> {
  return page.locator('button').evaluateAll((buttons) =>
    buttons
      .filter((b) => {
        const e = b as HTMLElement
        if (e.offsetParent === null || getComputedStyle(e).overflowX !== 'visible') return false
        return e.scrollWidth > e.clientWidth + 1
      })
      .map((b) => {
        const e = b as HTMLElement
        const what = e.dataset.testid ?? (e.textContent ?? '').trim().slice(0, 40)
        return `${what} (${e.scrollWidth} px of content in ${e.clientWidth})`
      })
  )
}

import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'
import { chromium } from '@playwright/test'

const HOW_TO_GET_ONE =
  'No Chromium found for the end-to-end tests. Install one with:\n' +
  '  sudo apt-get install -y chromium          (Debian/Ubuntu)\n' +
  'or point CHROMIUM_PATH at any Chromium/Chrome binary, or run: npx playwright install chromium'

/** Finds a Chromium: CHROMIUM_PATH, then Debian's, then Playwright's own. Throws with the fix when none. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.\n${HOW_TO_GET_ONE}`)
    return fromEnv
  }
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const p = execSync(`command -v ${name}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
      if (p) return p
    } catch {
      // not on PATH; try the next name
    }
  }
  const bundled = chromium.executablePath()
  if (bundled && existsSync(bundled)) return bundled
  throw new Error(HOW_TO_GET_ONE)
}

/** Runs once before the E2E suite: fails fast when the app is not built, and clears last run's screenshots. */
import { existsSync, rmSync } from 'node:fs'
import { CLI_PATH } from './server-fixture'
import { SHOTS_DIR } from './e2e-helpers'

/** Playwright's globalSetup entry. */
export default function globalSetup(): void {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run \`npm run build\` first`)
  rmSync(SHOTS_DIR, { recursive: true, force: true })
}

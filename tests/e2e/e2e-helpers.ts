/** Small helpers shared by the E2E specs: fixture paths, screenshots, common waits. */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { REPO_ROOT } from './server-fixture'

/** The real verifiers fixtures, read in place (never copied into the project). */
export const VERIFIERS_FIXTURES = resolve(REPO_ROOT, '../shared/fixtures/verifiers')

/**
 * Runs in the demo workspace every test starts with: a base and a trained eval run of repo-repair, a GRPO training
 * run of it (a hosted-RL export with 10 steps), and a prime-rl math run (its train rollouts and its evals).
 */
export const DEMO_RUNS = 5

/**
 * How long a test waits for Monaco's first editor: its bundle (~4 MB) is parsed on first use, which takes seconds
 * when the machine is busy; later waits keep the default.
 */
export const MONACO_LOAD = 15_000

/** Where the per-step screenshots go (looked at by a person after a run). */
export const SHOTS_DIR = join(REPO_ROOT, 'test-results/e2e-shots')

/** Saves a viewport screenshot as test-results/e2e-shots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) })
}

/** Opens the app at the URL `serve` printed and waits for the runs table with `runs` rows. */
export async function openApp(page: Page, url: string, runs: number): Promise<void> {
  await page.goto(url)
  // the demo workspace is indexed on first start: give a loaded machine time for it
  await expect(page.getByTestId('run-row')).toHaveCount(runs, { timeout: 20_000 })
}

/** Adds a folder or file through the browser-mode path form (there is no native dialog in a browser). */
export async function addPathViaUi(
  page: Page,
  path: string,
  kind: 'folder' | 'file' = 'folder',
  opts: { alreadyOpen?: boolean } = {}
): Promise<void> {
  if (!opts.alreadyOpen) await page.getByTestId(kind === 'folder' ? 'add-folder-button' : 'add-file-button').click()
  await page.getByTestId('add-path-input').fill(path)
  await page.getByTestId('add-path-submit').click()
  // The form closes once the server accepted the root.
  await expect(page.getByTestId('add-path-input')).toHaveCount(0)
}

/** Selects the run whose name cell starts with this name (a checkpoint step may follow it, e.g. `@0`). */
export async function selectRun(page: Page, name: string): Promise<void> {
  const row = page.getByTestId('run-row').filter({ has: page.getByTestId('run-col-name').filter({ hasText: name }) })
  await expect(row).toHaveCount(1)
  await row.click()
  await expect(row).toHaveAttribute('aria-selected', 'true')
}

/** One `indexProgress` payload as the page received it over the event stream. */
export interface SeenProgress {
  state: string
  filesDone: number
  filesTotal: number
}

/**
 * Makes the page keep every `indexProgress` event it receives (in `window.__progressLog`), so a test can check the
 * states an indexing job went through even when it finished faster than a frame. Call before `page.goto`.
 */
export async function recordProgressEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __progressLog: unknown[]; EventSource: typeof EventSource }
    w.__progressLog = []
    const Native = w.EventSource
    w.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        this.addEventListener('message', (m) => {
          try {
            const e = JSON.parse(String(m.data)) as { name?: string; payload?: unknown }
            if (e.name === 'indexProgress') w.__progressLog.push(e.payload)
          } catch {
            // not an event of ours
          }
        })
      }
    }
  })
}

/** The `indexProgress` events the page received so far (see recordProgressEvents). */
export async function seenProgress(page: Page): Promise<SeenProgress[]> {
  return page.evaluate(() => (window as unknown as { __progressLog: SeenProgress[] }).__progressLog)
}

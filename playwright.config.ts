import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS } from './tests/e2e/chromium-args'
import { findChromium } from './tests/e2e/find-chromium'

// No webServer: tests/e2e/server-fixture.ts starts a fresh `rollscope serve` (own port, own database) per test.
// No reporter either: `playwright test` defaults to `list`, and CI picks its own (`--reporter=list,json`).
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  outputDir: 'test-results/e2e',
  use: {
    viewport: { width: 1400, height: 860 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS]
    }
  }
})

import { defineConfig } from '@playwright/test'
import { findChromium } from './tests/e2e/find-chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  timeout: 60_000,
  outputDir: 'test-results/e2e',
  use: {
    viewport: { width: 1400, height: 860 },
    launchOptions: {
      executablePath: findChromium(),
      // Without the background-networking flags Chromium keeps dialing blocked hosts.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic'
      ]
    }
  }
})

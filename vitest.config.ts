import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const r = (p: string): string => resolve(import.meta.dirname, p)

export default defineConfig({
  resolve: {
    // `electron` can never be imported for real under Node (it tries to download its binary):
    // every test gets the mock; tests that need spies override it with vi.mock.
    alias: { '@contract': r('src-main/contract'), electron: r('tests/mocks/electron.ts') }
  },
  test: {
    include: ['tests/main/**/*.test.ts', 'tests/renderer/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})

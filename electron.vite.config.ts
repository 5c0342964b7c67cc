import { chmodSync, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

const r = (p: string): string => resolve(import.meta.dirname, p)
const alias = { '@contract': r('src-main/contract') }

/** The `rollscope` bin must be executable for `npx rollscope` (npm runs it through the shell). */
const executableBin = () => ({
  name: 'rollscope-executable-bin',
  writeBundle(options: { dir?: string }) {
    const bin = resolve(options.dir ?? r('out/main'), 'rollscope.js')
    if (existsSync(bin)) chmodSync(bin, 0o755)
  }
})

// Custom folders (src-main / src-renderer), so every input is explicit.
// The main build has several entries that share chunks: the Electron main process and its launcher, the CLI
// (which also runs browser mode), the engine thread of both, its reader threads, and the indexer worker thread.
export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [executableBin()],
    build: {
      rolldownOptions: {
        input: {
          index: r('src-main/electron/main.ts'),
          // `npm start`: finds (or downloads) the Electron binary, then starts index.js in it
          'launch-desktop': r('src-main/electron/launch-desktop.ts'),
          rollscope: r('src-main/cli/bin.ts'),
          'indexer-worker': r('src-main/indexer/indexer-worker.ts'),
          // the full-text pass's reader thread, started by the indexer worker
          'transcript-reader-worker': r('src-main/indexer/transcript-reader-worker.ts'),
          'engine-worker': r('src-main/services/engine-worker.ts'),
          'reader-worker': r('src-main/services/reader-worker.ts')
        },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' }
      }
    }
  },
  preload: {
    resolve: { alias },
    build: {
      rolldownOptions: {
        input: { index: r('src-main/preload/index.ts') },
        // A sandboxed preload must be a single CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: 'src-renderer',
    resolve: { alias },
    plugins: [react()],
    // Every component's styles are a CSS Module beside it (tests/renderer/styles/css-ownership.test.ts holds that).
    // The scoped name keeps the file and the class readable (`TurnCard-module_head_x1Y2z`): DevTools show where a
    // rule lives.
    css: { modules: { generateScopedName: '[name]_[local]_[hash:base64:5]' } },
    build: {
      rolldownOptions: { input: { index: r('src-renderer/index.html') } },
      minify: true
    }
  }
})

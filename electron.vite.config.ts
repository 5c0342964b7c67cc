import { chmodSync, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { withInlineScripts } from './src-main/services/page-policy'

const r = (p: string): string => resolve(import.meta.dirname, p)
const alias = { '@contract': r('src-main/contract') }
// one id for the main process and the page of this build (src-main/contract/build-id.ts): browser mode checks they match
const define = { __ROLLSCOPE_BUILD__: JSON.stringify(String(Date.now())) }

/** The `rollscope` bin must be executable for `npx rollscope` (npm runs it through the shell). */
const executableBin = () => ({
  name: 'rollscope-executable-bin',
  writeBundle(options: { dir?: string }) {
    const bin = resolve(options.dir ?? r('out/main'), 'rollscope.js')
    if (existsSync(bin)) chmodSync(bin, 0o755)
  }
})

/**
 * Vite plugin (build only): the page's two first scripts, then the app. `firstName` is a classic script with no
 * imports (src-renderer/src/boot/head-fetch.ts), put inline in the page: it runs as the parser reaches it, so a deep
 * link's request for its first turns starts before anything else is even asked for (as a file of its own, the request
 * waited for that file: 40-70 ms later in the viewer bench's traces). The page's <meta> policy allows it by its hash
 * (`script-src 'self' 'sha256-…'`); the hosts that send the policy as a header add the same hash from the page
 * (src-main/services/page-policy.ts). `bootName` is a small module (boot.ts) that paints the answer and then starts
 * the app, whose `<script type="module" src=…>` is replaced by the boot script's `data-app` attribute: on a deep link
 * the boot script asks for it once the first turns are on screen (downloading, compiling and running 1 MB of
 * JavaScript meanwhile would hold that paint up), anywhere else it imports it at once. `vite dev` keeps the plain
 * page: the app starts as before, without a first paint.
 */
function bootScript(firstName: string, bootName: string): Plugin {
  return {
    name: 'rollscope-boot-script',
    apply: 'build',
    // a classic script's top-level names are the window's: the first script keeps its own in a function
    renderChunk(code, chunk) {
      return chunk.isEntry && chunk.name === firstName ? `(() => {\n${code}\n})()\n` : null
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const app = ctx.chunk?.fileName
        const entry = (name: string) => {
          const c = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === name)
          if (!c || c.type !== 'chunk') throw new Error(`boot script: no ${name} entry in the bundle`)
          return c
        }
        const first = entry(firstName)
        const boot = entry(bootName)
        // a classic script cannot import: the first script must be one file
        if (first.imports.length > 0) throw new Error(`boot script: ${firstName} imports ${first.imports.join(', ')}`)
        if (!app) throw new Error('boot script: no page entry')
        const appTag = new RegExp(`<script type="module" crossorigin src="([^"]*${escapeRegExp(app)})"></script>`)
        const m = appTag.exec(html)
        if (!m) throw new Error(`boot script: the page has no script tag for ${app}`)
        const base = m[1].slice(0, m[1].length - app.length)
        const code = first.code.trim()
        if (/<\/script/i.test(code)) throw new Error(`boot script: ${firstName} cannot be inline (it holds </script)`)
        // inline, not a file: nothing else is left of the first script's chunk
        delete ctx.bundle?.[first.fileName]
        // in the app's place, so after the CSP <meta> (a policy only covers what follows it)
        const page = html.replace(
          m[0],
          [
            `<script data-first>${code}</script>`,
            `<script type="module" crossorigin src="${base}${boot.fileName}" data-app="${m[1]}"></script>`
          ].join('\n    ')
        )
        // the <meta> policy allows it by its hash, worked out as the hosts work out theirs (page-policy.ts)
        const meta = /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/.exec(page)
        if (!meta) throw new Error('boot script: the page has no Content-Security-Policy <meta>')
        return page.replace(meta[0], `${meta[1]}${withInlineScripts(meta[2], page)}"`)
      }
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// Custom folders (src-main / src-renderer), so every input is explicit.
// The main build has several entries that share chunks: the Electron main process and its launcher, the CLI
// (which also runs browser mode), the engine thread of both, its reader threads, and the indexer worker thread.
export default defineConfig({
  main: {
    resolve: { alias },
    define,
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
    define,
    // the page's first script (src-renderer/src/boot): paints a deep link's first turns before the app's bundle runs
    plugins: [react(), bootScript('head-fetch', 'boot')],
    // Every component's styles are a CSS Module beside it (tests/renderer/styles/css-ownership.test.ts holds that).
    // The scoped name keeps the file and the class readable (`TurnCard-module_head_x1Y2z`): DevTools show where a
    // rule lives.
    css: { modules: { generateScopedName: '[name]_[local]_[hash:base64:5]' } },
    build: {
      rolldownOptions: {
        input: {
          index: r('src-renderer/index.html'),
          'head-fetch': r('src-renderer/src/boot/head-fetch.ts'),
          boot: r('src-renderer/src/boot/boot.ts')
        }
      },
      minify: true
    }
  }
})

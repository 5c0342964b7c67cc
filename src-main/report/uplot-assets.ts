/**
 * uPlot's minified script and stylesheet, read from its npm package at report time so the HTML report can inline
 * them (the report is one file with no external resource). The package is resolved like a require() from this
 * module: from the sources (tests) and from the bundled main process in out/main alike, node_modules is found by
 * walking up from the file, and in a packaged app Electron reads it from the asar archive the same way.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface UplotAssets {
  version: string
  js: string
  css: string
}

let cached: UplotAssets | null = null

export function uplotAssets(): UplotAssets {
  if (cached) return cached
  const require = createRequire(import.meta.url)
  const dir = dirname(require.resolve('uplot/package.json'))
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
  const js = readFileSync(join(dir, 'dist/uPlot.iife.min.js'), 'utf8')
    // The banner is a link to the project; the report names it without a URL so the file holds no external address.
    .replace(/^\/\*![^*]*\*\//, `/*! uPlot v${version} (MIT License, Leon Sorokin) */`)
  const css = readFileSync(join(dir, 'dist/uPlot.min.css'), 'utf8')
  cached = { version, js, css }
  return cached
}

/**
 * The layer rules of .dependency-cruiser.cjs can fail: a small tree with one violation of each rule must be reported
 * rule by rule, and the same tree without them must pass. (`npm run lint`, run by `npm test`, applies the rules to
 * the real sources; this test keeps the rules themselves from silently matching nothing after a folder moves.)
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')

/** Files of a minimal project shaped like Rollscope; each entry is the path and its source. */
const CLEAN: Record<string, string> = {
  'src-main/contract/model.ts': 'export interface Run { id: string }\n',
  'src-main/stats/mean.ts': 'export const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length\n',
  'src-main/formats/adapter.ts':
    "import type { Run } from '../contract/model'\nexport const runOf = (id: string): Run => ({ id })\n",
  'src-main/db/store.ts': "import { runOf } from '../formats/adapter'\nexport const store = [runOf('a')]\n",
  'src-main/services/engine.ts': "import { store } from '../db/store'\nexport const engine = { store }\n",
  'src-main/electron/main.ts':
    "import { app } from 'electron'\nimport { engine } from '../services/engine'\nexport const boot = [app, engine]\n",
  'src-renderer/src/state/store.ts': "import type { Run } from '@contract/model'\nexport const runs: Run[] = []\n",
  'src-renderer/src/features/RunsPanel.tsx': "import { runs } from '../state/store'\nexport const panel = runs\n"
}

/** One violation per rule, keyed by the rule name that must report it. */
const VIOLATIONS: Record<string, [string, string]> = {
  'no-upward-import:src-main/db': [
    'src-main/db/up.ts',
    "import { engine } from '../services/engine'\nexport const up = engine\n"
  ],
  'no-upward-import:src-renderer/src/state': [
    'src-renderer/src/state/up.ts',
    "import { panel } from '../features/RunsPanel'\nexport const up = panel\n"
  ],
  'contract-is-runtime-neutral': [
    'src-main/contract/fs.ts',
    "import { readFileSync } from 'node:fs'\nexport const read = readFileSync\n"
  ],
  'formats-only-on-contract': [
    'src-main/formats/mean.ts',
    "import { mean } from '../stats/mean'\nexport const m = mean\n"
  ],
  'electron-only-in-its-hosts': [
    'src-main/db/window.ts',
    "import { BrowserWindow } from 'electron'\nexport const W = BrowserWindow\n"
  ],
  'renderer-reaches-main-only-through-contract': [
    'src-renderer/src/state/engine.ts',
    "import { store } from '../../../src-main/db/store'\nexport const s = store\n"
  ],
  'main-never-imports-renderer': [
    'src-main/services/ui.ts',
    "import { runs } from '../../src-renderer/src/state/store'\nexport const r = runs\n"
  ],
  'no-circular': ['src-main/db/cycle-a.ts', "import { b } from './cycle-b'\nexport const a = () => b\n"],
  'no-unresolvable': ['src-main/db/typo.ts', "import { nothing } from './does-not-exist'\nexport const t = nothing\n"]
}

let dir = ''

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}

/** The names of the rules the real config reports on the temporary tree. */
function violatedRules(): string[] {
  const out = spawnSync(
    process.execPath,
    [CLI, 'src-main', 'src-renderer', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    {
      cwd: dir,
      encoding: 'utf8'
    }
  )
  const result = JSON.parse(out.stdout) as { summary: { violations: { rule: { name: string } }[] } }
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort()
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rollscope-layers-'))
  cpSync(join(ROOT, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'))
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(join(ROOT, 'node_modules/electron'), join(dir, 'node_modules/electron'))
  write(CLEAN)
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('layer rules (.dependency-cruiser.cjs)', () => {
  it('a tree that keeps the layers passes', () => {
    expect(violatedRules()).toEqual([])
  })

  it('reports each kind of violation under its own rule', () => {
    write(Object.fromEntries(Object.values(VIOLATIONS)))
    write({ 'src-main/db/cycle-b.ts': "import { a } from './cycle-a'\nexport const b = () => a\n" })
    expect(violatedRules()).toEqual(Object.keys(VIOLATIONS).sort())
  }, 30_000)
})

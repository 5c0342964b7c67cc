import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const BIN = resolve(import.meta.dirname, '../../../src-main/cli/bin.ts')

/** A Node older than 22 on this machine (the system Node here is 20), or null. */
function findOldNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue
    try {
      const v = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim()
      if (Number(v.replace(/^v/, '').split('.')[0]) < 22) return candidate
    } catch {
      // not runnable; try the next
    }
  }
  return null
}

describe('bin.ts', () => {
  const source = readFileSync(BIN, 'utf8')

  it('starts with the shebang and imports nothing statically (better-sqlite3 must not load before the check)', () => {
    expect(source.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(source).not.toMatch(/^\s*import\s/m)
    expect(source).toContain("await import('./run-cli')")
    expect(source.indexOf('process.versions.node')).toBeLessThan(source.indexOf("import('./run-cli')"))
  })

  const oldNode = findOldNode()
  it.skipIf(!oldNode)('refuses a Node older than 22 with exit 2 and says how to run it', () => {
    // bin.ts is plain JavaScript (no type syntax), so the old Node can run it as is.
    const dir = mkdtempSync(join(tmpdir(), 'rollscope-bin-'))
    writeFileSync(join(dir, 'bin.mjs'), source)
    const r = spawnSync(oldNode!, [join(dir, 'bin.mjs'), 'runs'], { encoding: 'utf8' })
    const version = execFileSync(oldNode!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    expect(r.status).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(`rollscope: this is Node ${version}, but Rollscope needs Node 22 or newer.`)
    expect(r.stderr).toContain("'npx rollscope …'")
  })
})

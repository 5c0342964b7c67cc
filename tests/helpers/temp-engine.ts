import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine } from '../../src-main/services/engine'
import type { Engine } from '../../src-main/services/engine-types'

/** A real engine (inline indexer) on a fresh database in its own temp folder. */
export function tempEngine(demoPath: string | null = null): { engine: Engine; dbPath: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-engine-'))
  const dbPath = join(dir, 'app.db')
  const engine = createEngine({ dbPath, mode: 'cli', demoPath, version: 'test', indexer: 'inline' })
  return { engine, dbPath, dir }
}

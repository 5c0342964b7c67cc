/**
 * What the walk could not go into is listed with the files (the app showed none of it while the CLI listed it):
 * a broken symlink (failed), a link to a folder that holds it and links that lead to each other (not traces, not
 * failed). Replaced at every full walk: a problem fixed goes.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempEngine } from '../../helpers/temp-engine'

const chat = JSON.stringify({ id: 'a', reward: 1, messages: [{ role: 'user', content: 'x' }] }) + '\n'

describe('walk problems', () => {
  it('are sources of their own, counted as the CLI counts them, and go once fixed', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'rs-walkp-'))
    mkdirSync(join(ws, 'run'))
    writeFileSync(join(ws, 'run', 'results.jsonl'), chat)
    symlinkSync('..', join(ws, 'run', 'up'))
    symlinkSync(join(ws, 'b'), join(ws, 'a'))
    symlinkSync(join(ws, 'a'), join(ws, 'b'))
    symlinkSync(join(ws, 'gone.jsonl'), join(ws, 'broken.jsonl'))
    const { engine } = tempEngine()
    try {
      const report = await engine.indexPaths([ws])
      expect(report).toMatchObject({ indexed: 1, failed: 1 })
      const listed = async (): Promise<string[][]> =>
        (await engine.api.getWorkspace()).sources
          .filter((s) => !s.path.endsWith('results.jsonl'))
          .map((s) => [s.path.slice(ws.length + 1), s.state, s.error ?? ''])
      expect(await listed()).toEqual([
        ['a', 'unknown-format', 'symlink loop: the links lead to each other, never to a file or folder'],
        ['b', 'unknown-format', 'symlink loop: the links lead to each other, never to a file or folder'],
        ['broken.jsonl', 'error', expect.stringMatching(/^broken symlink: /)],
        ['run/up', 'unknown-format', expect.stringMatching(/^symlink loop: it points to /)]
      ])
      // the sidebar counts what the CLI counts
      expect((await engine.api.getWorkspace()).progress.failed).toBe(1)
      rmSync(join(ws, 'broken.jsonl'))
      rmSync(join(ws, 'run', 'up'))
      const again = await engine.indexPaths([ws])
      expect(again.failed).toBe(0)
      expect((await listed()).map(([p]) => p)).toEqual(['a', 'b'])
      // the indexed file is untouched by all this
      expect((await engine.api.listRuns())[0].episodes).toBe(1)
      // deleted: said as gone, not failed, in the report and the sidebar's progress
      rmSync(join(ws, 'run', 'results.jsonl'))
      expect(await engine.indexPaths([ws])).toMatchObject({ removed: 1, failed: 0 })
      expect((await engine.api.getWorkspace()).progress).toMatchObject({ removed: 1, failed: 0 })
      expect(await engine.api.listRuns()).toEqual([])
    } finally {
      await engine.close()
    }
  })
})

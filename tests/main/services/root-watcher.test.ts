/**
 * The root watcher reports what changed under a folder root, whichever file holds a name: a file replaced by a rename
 * (an atomic write) is still followed (Node's recursive watch on Linux lost it: its appends and its deletion went
 * unseen), new folders are watched as they appear, deleted ones dropped, and a symlinked folder is reported under its
 * link's name.
 */
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRootWatcher, type RootWatcher } from '../../../src-main/services/watcher'

let watcher: RootWatcher | null = null
afterEach(() => {
  watcher?.close()
  watcher = null
})

/** A watcher over `root` that collects every batch of changed paths. */
function watching(root: string): { seen: Set<string> } {
  const seen = new Set<string>()
  watcher = createRootWatcher((paths) => paths.forEach((p) => seen.add(p)), 20)
  watcher.setRoots([root])
  return { seen }
}

/** Waits until `path` was reported, then forgets what was seen. */
async function reported(seen: Set<string>, path: string): Promise<void> {
  await vi.waitFor(() => expect([...seen]).toContain(path), { timeout: 3000, interval: 20 })
  seen.clear()
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 150)) // the folders below are watched async

describe('root watcher', () => {
  it('follows a file replaced by a rename: its appends and its deletion are seen', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-watch-'))
    const dir = join(root, 'run', 'step_10')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'results.jsonl')
    writeFileSync(file, 'a\n')
    const { seen } = watching(root)
    await settle()
    appendFileSync(file, 'b\n')
    await reported(seen, file)
    writeFileSync(join(dir, 'results.tmp'), 'x\n')
    renameSync(join(dir, 'results.tmp'), file)
    await reported(seen, file)
    appendFileSync(file, 'c\n') // unseen before: the old file's watch was kept
    await reported(seen, file)
    unlinkSync(file)
    await reported(seen, file)
  })

  it('watches a folder made after the start, and drops one deleted', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rs-watch-'))
    const { seen } = watching(root)
    await settle()
    const dir = join(root, 'step_20')
    mkdirSync(dir)
    await reported(seen, dir)
    await settle()
    writeFileSync(join(dir, 'results.jsonl'), 'a\n')
    await reported(seen, join(dir, 'results.jsonl'))
    rmSync(dir, { recursive: true })
    await reported(seen, dir)
    // made again: watched again
    mkdirSync(dir)
    await reported(seen, dir)
    await settle()
    writeFileSync(join(dir, 'b.jsonl'), 'b\n')
    await reported(seen, join(dir, 'b.jsonl'))
  })

  it('reports a change in a symlinked folder under the link, and does not follow a loop', async () => {
    const base = mkdtempSync(join(tmpdir(), 'rs-watch-'))
    const root = join(base, 'ws')
    const outside = join(base, 'elsewhere', 'run_a')
    mkdirSync(root)
    mkdirSync(outside, { recursive: true })
    writeFileSync(join(outside, 'results.jsonl'), 'a\n')
    symlinkSync(outside, join(root, 'latest'))
    symlinkSync('..', join(root, 'up')) // a loop: it leads to a folder that holds it
    const { seen } = watching(root)
    await settle()
    appendFileSync(join(outside, 'results.jsonl'), 'b\n')
    await reported(seen, join(root, 'latest', 'results.jsonl'))
  })

  it('watches a root that vanished again once it is back', async () => {
    const base = mkdtempSync(join(tmpdir(), 'rs-watch-'))
    const root = join(base, 'ws')
    mkdirSync(root)
    const { seen } = watching(root)
    rmSync(root, { recursive: true })
    await vi.waitFor(() => expect(seen.size).toBeGreaterThan(0), { timeout: 3000, interval: 20 })
    seen.clear()
    await settle()
    mkdirSync(root)
    watcher!.setRoots([root])
    writeFileSync(join(root, 'r.jsonl'), 'a\n')
    await reported(seen, join(root, 'r.jsonl'))
  })
})

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRecentStore, loadRecent, pushRecent, RECENT_MAX, saveRecent } from '../../../src-main/electron/recent'

describe('recent list', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rollscope-recent-'))
    file = join(dir, 'recent.json')
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('round-trips through the file (creating missing folders)', async () => {
    const nested = join(dir, 'a', 'b', 'recent.json')
    await saveRecent(nested, ['/runs/x', '/runs/y & z'])
    expect(await loadRecent(nested)).toEqual(['/runs/x', '/runs/y & z'])
    expect(JSON.parse(await readFile(nested, 'utf8'))).toEqual(['/runs/x', '/runs/y & z'])
  })

  it('is empty when the file is missing or corrupt', async () => {
    expect(await loadRecent(file)).toEqual([])
    await writeFile(file, '["/a", "/b"')
    expect(await loadRecent(file)).toEqual([])
    await writeFile(file, '{"paths":["/a"]}')
    expect(await loadRecent(file)).toEqual([])
    await writeFile(file, Buffer.from([0xff, 0xfe, 0x00]))
    expect(await loadRecent(file)).toEqual([])
  })

  it('keeps only the valid entries of a damaged list, deduplicated and capped', async () => {
    await writeFile(file, JSON.stringify([1, '/a', null, '', '/a', { p: 1 }, '/b', 'x'.repeat(5000)]))
    expect(await loadRecent(file)).toEqual(['/a', '/b'])
    await writeFile(file, JSON.stringify(Array.from({ length: 15 }, (_, i) => `/p${i}`)))
    const loaded = await loadRecent(file)
    expect(loaded).toHaveLength(10)
    expect(loaded[9]).toBe('/p9')
  })

  it('pushRecent puts new paths first, moves existing ones up and caps at RECENT_MAX', () => {
    expect(RECENT_MAX).toBe(10)
    expect(pushRecent(['/a', '/b', '/c'], ['/c', '/d'])).toEqual(['/c', '/d', '/a', '/b'])
    expect(pushRecent(['/a'], ['/x', '/x'])).toEqual(['/x', '/a'])
    const many = pushRecent(
      [],
      Array.from({ length: 12 }, (_, i) => `/p${i}`)
    )
    expect(many).toEqual(['/p0', '/p1', '/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p8', '/p9'])
    expect(pushRecent(many, ['/new'])).toEqual(['/new', ...many.slice(0, 9)])
  })

  it('the store persists each change in order and reports it', async () => {
    await saveRecent(file, ['/old'])
    const onChange = vi.fn()
    const store = await createRecentStore(file, onChange)
    expect(store.items()).toEqual(['/old'])
    store.add(['/a'])
    store.add(['/b', '/old'])
    store.add([])
    expect(onChange).toHaveBeenCalledTimes(2)
    expect(onChange).toHaveBeenLastCalledWith(['/b', '/old', '/a'])
    await store.flush()
    expect(await loadRecent(file)).toEqual(['/b', '/old', '/a'])
    store.clear()
    await store.flush()
    expect(store.items()).toEqual([])
    expect(await readFile(file, 'utf8')).toBe('[]\n')
  })

  it('a store over a corrupt file starts empty and repairs it on the next change', async () => {
    await writeFile(file, 'not json at all')
    const store = await createRecentStore(file)
    expect(store.items()).toEqual([])
    store.add(['/a'])
    await store.flush()
    expect(await loadRecent(file)).toEqual(['/a'])
  })
})

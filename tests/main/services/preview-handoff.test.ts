import { describe, expect, it } from 'vitest'
import { createPreviewHandoff } from '../../../src-main/services/preview-handoff'

describe('preview hand-off', () => {
  it('gives the kept value once, to the same key', () => {
    const h = createPreviewHandoff<string>(() => 0)
    h.put('e1', 'preview')
    expect(h.take('e2')).toBeNull()
    expect(h.take('e1')).toBe('preview')
    expect(h.take('e1')).toBeNull()
  })

  it('drops a value older than the time to live', () => {
    let t = 0
    const h = createPreviewHandoff<string>(() => t, 1000)
    h.put('e1', 'old')
    t = 1001
    expect(h.take('e1')).toBeNull()
    h.put('e1', 'new')
    t = 2001
    expect(h.take('e1')).toBe('new')
  })

  it('keeps one value: a newer put replaces it', () => {
    const h = createPreviewHandoff<number>(() => 0)
    h.put('a', 1)
    h.put('b', 2)
    expect(h.take('a')).toBeNull()
    expect(h.take('b')).toBe(2)
  })
})

import { describe, expect, it } from 'vitest'
import { describeLfsPointer, isLfsPointer } from '../../../src-main/formats/adapters/lfs-pointer'

describe('Git LFS pointers', () => {
  const pointer = 'version https://git-lfs.github.com/spec/v1\noid sha256:a2dd153c\nsize 844823\n'

  it('recognizes the first line only, not JSON or a truncated magic', () => {
    expect(isLfsPointer(Buffer.from(pointer))).toBe(true)
    expect(isLfsPointer(Buffer.from('{"prompt": []}\n'))).toBe(false)
    expect(isLfsPointer(Buffer.from('version https://git-lfs'))).toBe(false)
    expect(isLfsPointer(Buffer.alloc(0))).toBe(false)
  })

  it('describes the real size when the pointer records one', () => {
    expect(describeLfsPointer(pointer)).toBe(
      'Git LFS pointer: content not downloaded (real size 844,823 bytes). Run `git lfs pull` in the repository.'
    )
    expect(describeLfsPointer('version https://git-lfs.github.com/spec/v1\r\nsize 130\r\n')).toContain(
      '(real size 130 bytes)'
    )
    expect(describeLfsPointer('version https://git-lfs.github.com/spec/v1\n')).toBe(
      'Git LFS pointer: content not downloaded. Run `git lfs pull` in the repository.'
    )
  })
})

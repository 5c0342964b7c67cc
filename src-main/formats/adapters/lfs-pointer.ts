const LFS_MAGIC = 'version https://git-lfs.github.com/spec/v1'

/** True when the first bytes are a Git LFS pointer file (the real content was never downloaded). */
export const isLfsPointer = (firstBytes: Buffer): boolean =>
  firstBytes.length >= LFS_MAGIC.length && firstBytes.subarray(0, LFS_MAGIC.length).toString('latin1') === LFS_MAGIC

/** A user-facing reason for an LFS pointer, with the real size it records. */
export function describeLfsPointer(text: string): string {
  const size = /^size (\d+)\s*$/m.exec(text)?.[1]
  const real = size ? ` (real size ${Number(size).toLocaleString('en-US')} bytes)` : ''
  return `Git LFS pointer: content not downloaded${real}. Run \`git lfs pull\` in the repository.`
}

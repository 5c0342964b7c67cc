/** Types for zip-writer.mjs (tests and the bench import the plain-JS writer). */
export interface ZipMember {
  name: string
  data: Buffer | string | object
  /** 0 stored, 8 deflate (default), 93 zstd. */
  method?: 0 | 8 | 93
  /** Uncompressed size to write in the headers instead of the real one (to fake a huge or lying member). */
  declaredSize?: number
}
/** The bytes of a zip archive holding these members, in order. */
export function buildZip(members: ZipMember[]): Buffer

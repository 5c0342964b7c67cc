import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { inflateRawSync, zstdDecompressSync } from 'node:zlib'
import { Inflate } from 'fflate'
import { readRange } from './line-reader'
import { parseJsonLine, parseTolerant } from './tolerant-json'
import { JsonTrimmer } from './json-trim'
import { MAX_KEPT_BYTES } from './json-limits'
import { registerCuts } from './json-cuts'

/**
 * Largest uncompressed zip member read at all (a larger one gets a clear error). A member up to WHOLE_MEMBER is
 * inflated whole; a larger one is streamed through the JSON trimmer, so memory stays bounded whatever the size and
 * this only bounds the time spent inflating it.
 */
export const MAX_ZIP_MEMBER = (Number(process.env.ROLLSCOPE_MAX_ZIP_MEMBER_MB) || 1024) * 1e6

/**
 * Largest member inflated whole into memory (its bytes, its text and its parsed value are then held at once, as for
 * a JSONL record of the same size). A larger JSON member is streamed (readJson).
 */
export const WHOLE_MEMBER = 64e6

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032×, so one step yields ≤ 17 MB. */
const INFLATE_STEP = 16 * 1024

/** A zip archive that cannot be used: the message says why (truncated, unsupported, too big). */
export class ZipError extends Error {
  override name = 'ZipError'
}

export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflate, 93 zstd. */
  method: number
  crc32: number
  compressedSize: number
  size: number
  localHeaderOffset: number
}

const EOCD_SIG = 0x06054b50
const EOCD64_SIG = 0x06064b50
const EOCD64_LOCATOR_SIG = 0x07064b50
const CENTRAL_SIG = 0x02014b50
const LOCAL_SIG = 0x04034b50
const MAX_COMMENT = 0xffff

/**
 * A zip archive read the way a viewer of multi-GB logs must: the central directory from the file's
 * tail, then only the members asked for, each with positional reads. Nothing else is read, and no
 * member larger than MAX_ZIP_MEMBER is inflated. Synchronous on purpose (the indexer worker runs one
 * SQLite transaction per file). The file is opened per call, so a ZipArchive holds no descriptor.
 */
export class ZipArchive {
  readonly entries: ReadonlyMap<string, ZipEntry>

  private constructor(
    readonly path: string,
    readonly fileSize: number,
    entries: Map<string, ZipEntry>
  ) {
    this.entries = entries
  }

  static open(path: string): ZipArchive {
    const fd = openSync(path, 'r')
    try {
      const size = fstatSync(fd).size
      return new ZipArchive(path, size, readCentralDirectory(fd, size))
    } finally {
      closeSync(fd)
    }
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  names(): string[] {
    return [...this.entries.keys()]
  }

  /** The uncompressed bytes of one member, inflated whole: for members up to WHOLE_MEMBER (readJson streams larger ones). */
  read(name: string): Buffer {
    const e = this.entry(name)
    if (e.size > WHOLE_MEMBER) {
      throw new ZipError(
        `zip member ${name} is ${mb(e.size)} uncompressed, too large to read whole (${mb(WHOLE_MEMBER)})`
      )
    }
    return decompress(name, e, this.compressed(name, e))
  }

  /**
   * One member parsed as UTF-8 JSON, within the parsed-size and depth limits (json-limits.ts; cutsOf(value) says what
   * was left out). A deflate member larger than WHOLE_MEMBER is inflated step by step into the JSON trimmer, so
   * neither its text nor its parsed value is ever whole in memory (issue 17: a 699 KB archive whose sample inflated
   * to 240 MB of 5 M tiny messages took 2.5 GB).
   */
  readJson(name: string): unknown {
    const e = this.entry(name)
    if (e.size <= WHOLE_MEMBER) {
      const text = this.read(name).toString('utf8')
      try {
        return parseJsonLine(text)
      } catch (err) {
        throw new ZipError(`zip member ${name} is not valid JSON: ${(err as Error).message}`)
      }
    }
    if (e.method !== 8) {
      throw new ZipError(
        `zip member ${name} is ${mb(e.size)} uncompressed and ${e.method === 0 ? 'stored' : `compressed with method ${e.method}`}: ` +
          `only deflate members over ${mb(WHOLE_MEMBER)} are read (streamed)`
      )
    }
    const trimmer = new JsonTrimmer({ maxBytes: MAX_KEPT_BYTES })
    this.inflateSteps(name, e, (bytes) => trimmer.push(bytes))
    const kept = trimmer.end()
    let value: unknown
    try {
      value = parseTolerant(kept.text)
    } catch (err) {
      throw new ZipError(`zip member ${name} is not valid JSON: ${(err as Error).message}`)
    }
    registerCuts(value, kept.cuts)
    return value
  }

  private entry(name: string): ZipEntry {
    const e = this.entries.get(name)
    if (!e) throw new ZipError(`the archive has no member ${name}`)
    if (e.size > MAX_ZIP_MEMBER) {
      throw new ZipError(
        `zip member ${name} is ${mb(e.size)} uncompressed, over the ${mb(MAX_ZIP_MEMBER)} limit (ROLLSCOPE_MAX_ZIP_MEMBER_MB)`
      )
    }
    return e
  }

  /** Where a member's compressed bytes start, checked against the file. */
  private dataStart(fd: number, name: string, e: ZipEntry): number {
    const local = readRange(fd, e.localHeaderOffset, 30)
    if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_SIG)
      throw new ZipError(`zip member ${name}: bad local header (corrupt archive)`)
    const start = e.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28)
    if (start + e.compressedSize > this.fileSize)
      throw new ZipError(`zip member ${name} runs past the end of the file (truncated archive)`)
    return start
  }

  private compressed(name: string, e: ZipEntry): Buffer {
    const fd = openSync(this.path, 'r')
    try {
      return readRange(fd, this.dataStart(fd, name, e), e.compressedSize)
    } finally {
      closeSync(fd)
    }
  }

  /**
   * Inflates a deflate member a step at a time, handing each inflated piece to `onBytes` (never more than ~17 MB at
   * once). Stops with a ZipError when it inflates past its declared size (a lying header: a zip bomb).
   */
  private inflateSteps(name: string, e: ZipEntry, onBytes: (bytes: Buffer) => void): void {
    let out = 0
    let failure: Error | null = null
    const inflater = new Inflate((data) => {
      if (failure || data.length === 0) return
      out += data.length
      if (out > e.size) {
        failure = new ZipError(
          `zip member ${name} inflates past its declared ${mb(e.size)} (corrupt or malicious archive)`
        )
        return
      }
      onBytes(Buffer.from(data.buffer, data.byteOffset, data.length))
    })
    const fd = openSync(this.path, 'r')
    try {
      const start = this.dataStart(fd, name, e)
      const buf = Buffer.allocUnsafe(256 * 1024)
      for (let done = 0; done < e.compressedSize && !failure;) {
        const n = readSync(fd, buf, 0, Math.min(buf.length, e.compressedSize - done), start + done)
        if (n === 0) throw new ZipError(`zip member ${name} runs past the end of the file (truncated archive)`)
        for (let k = 0; k < n && !failure; k += INFLATE_STEP) {
          const last = done + Math.min(n, k + INFLATE_STEP) >= e.compressedSize
          try {
            inflater.push(buf.subarray(k, Math.min(n, k + INFLATE_STEP)), last)
          } catch (err) {
            throw new ZipError(`zip member ${name} could not be decompressed: ${(err as Error).message}`)
          }
        }
        done += n
      }
    } finally {
      closeSync(fd)
    }
    if (failure) throw failure
  }
}

function decompress(name: string, e: ZipEntry, data: Buffer): Buffer {
  // maxOutputLength bounds what a lying size field can make us allocate
  const limit = Math.min(MAX_ZIP_MEMBER, Math.max(e.size, 1))
  try {
    switch (e.method) {
      case 0:
        return data
      case 8:
        return inflateRawSync(data, { maxOutputLength: limit })
      case 93:
        return zstdDecompressSync(data, { maxOutputLength: limit })
      default:
        throw new ZipError(
          `zip member ${name} uses compression method ${e.method}, which is not supported (stored, deflate and zstd are)`
        )
    }
  } catch (err) {
    if (err instanceof ZipError) throw err
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ERR_BUFFER_TOO_LARGE' || /larger than|exceed/i.test((err as Error).message)) {
      throw new ZipError(`zip member ${name} inflates past its declared ${mb(e.size)} (corrupt or malicious archive)`)
    }
    throw new ZipError(`zip member ${name} could not be decompressed: ${(err as Error).message}`)
  }
}

function readCentralDirectory(fd: number, size: number): Map<string, ZipEntry> {
  const tailLen = Math.min(size, 22 + MAX_COMMENT + 20)
  const tail = readRange(fd, size - tailLen, tailLen)
  let at = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIG) {
      at = i
      break
    }
  }
  if (at < 0)
    throw new ZipError('no zip end-of-central-directory record: the archive is truncated or still being written')
  let count = tail.readUInt16LE(at + 10)
  let cdSize = tail.readUInt32LE(at + 12)
  let cdOffset = tail.readUInt32LE(at + 16)
  // ZIP64: the 32-bit fields are saturated and a locator sits just before the EOCD record
  if (
    (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) &&
    at >= 20 &&
    tail.readUInt32LE(at - 20) === EOCD64_LOCATOR_SIG
  ) {
    const eocd64At = Number(tail.readBigUInt64LE(at - 20 + 8))
    const rec = readRange(fd, eocd64At, 56)
    if (rec.length < 56 || rec.readUInt32LE(0) !== EOCD64_SIG)
      throw new ZipError('bad ZIP64 end-of-central-directory record (corrupt archive)')
    count = Number(rec.readBigUInt64LE(32))
    cdSize = Number(rec.readBigUInt64LE(40))
    cdOffset = Number(rec.readBigUInt64LE(48))
  }
  if (cdOffset + cdSize > size)
    throw new ZipError('the zip central directory lies past the end of the file (truncated archive)')
  if (cdSize > 512e6) throw new ZipError(`the zip central directory is ${mb(cdSize)}: too large to be real`)
  const cd = readRange(fd, cdOffset, cdSize)
  const entries = new Map<string, ZipEntry>()
  let p = 0
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL_SIG)
      throw new ZipError(`zip central directory entry ${n + 1} of ${count} is corrupt`)
    const nameLen = cd.readUInt16LE(p + 28)
    const extraLen = cd.readUInt16LE(p + 30)
    const commentLen = cd.readUInt16LE(p + 32)
    const name = cd.toString('utf8', p + 46, p + 46 + nameLen)
    const entry: ZipEntry = {
      name,
      method: cd.readUInt16LE(p + 10),
      crc32: cd.readUInt32LE(p + 16),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localHeaderOffset: cd.readUInt32LE(p + 42)
    }
    applyZip64Extra(entry, cd.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen))
    entries.set(name, entry)
    p += 46 + nameLen + extraLen + commentLen
  }
  return entries
}

/** ZIP64 extended information (header 0x0001): the real sizes/offset of saturated fields, in this order. */
function applyZip64Extra(e: ZipEntry, extra: Buffer): void {
  let p = 0
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p)
    const len = extra.readUInt16LE(p + 2)
    if (id === 0x0001) {
      let q = p + 4
      const next = (): number | null => (q + 8 <= p + 4 + len ? Number(extra.readBigUInt64LE((q += 8) - 8)) : null)
      if (e.size === 0xffffffff) e.size = next() ?? e.size
      if (e.compressedSize === 0xffffffff) e.compressedSize = next() ?? e.compressedSize
      if (e.localHeaderOffset === 0xffffffff) e.localHeaderOffset = next() ?? e.localHeaderOffset
      return
    }
    p += 4 + len
  }
}

const mb = (n: number): string => `${(n / 1e6).toFixed(n < 10e6 ? 1 : 0)} MB`

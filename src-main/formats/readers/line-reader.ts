import { readSync } from 'node:fs'
import { isUtf8 } from 'node:buffer'
import { noteRead } from './big-reads'

/** One complete line of a JSONL file, decoded, with its byte range (newline excluded). */
export interface Line {
  text: string
  /** The line's bytes: a view of a read buffer, valid only until onLine returns. */
  bytes: Buffer
  offset: number
  length: number
  /** 1-based line number counted from `startOffset`'s line. */
  lineNo: number
  /** False when the bytes were not valid UTF-8 (the text then holds U+FFFD replacements). */
  validUtf8: boolean
}

export interface ReadLinesResult {
  /** Offset just past the last newline consumed: where an appended-to file resumes. */
  endOfCompleteLines: number
  /** Bytes after the last newline (a partially written last line), or null. */
  tail: { offset: number; length: number } | null
  /** Lines longer than maxLineBytes, skipped without being held in memory. */
  oversized: { lineNo: number; offset: number; length: number }[]
  /** The number of the last complete line read (firstLineNo - 1 when none was). */
  lastLineNo: number
}

const CHUNK = 1 << 20

/**
 * Read buffers kept for the next file (readLines may nest: a trace's reader can read a companion file). A fresh 1 MB
 * buffer per file is a native block freed only when V8 collects it, a thousand of them for a trainer's run: the
 * pattern that fragments glibc's arenas (search/batch-buffers.ts has the measurements).
 */
const spareChunks: Buffer[] = []

/**
 * A line longer than this is not gathered piece by piece (its pieces and their concatenation would be twice its
 * size in memory at once): its length is counted and the whole line read again with one positional read.
 */
const GATHER_LIMIT = 8 << 20

/**
 * Streams the lines of an open file synchronously (it runs on the indexer's worker thread).
 *
 * Splits raw Buffers on byte 10 and decodes each line slice once: 1.5–4× faster than readline
 * (STACK.md §4.3). A line longer than `maxLineBytes` is skipped (memory stays bounded for any
 * input). `onLine` returning false stops early (cancellation).
 */
export function readLines(
  fd: number,
  startOffset: number,
  maxLineBytes: number,
  onLine: (line: Line) => boolean | void,
  /** The number of the line at `startOffset` (a file read on from where an earlier pass stopped). */
  firstLineNo = 1
): ReadLinesResult {
  const chunk = spareChunks.pop() ?? Buffer.allocUnsafeSlow(CHUNK)
  try {
    return readChunks(fd, chunk, startOffset, maxLineBytes, onLine, firstLineNo)
  } finally {
    if (spareChunks.length < 4) spareChunks.push(chunk)
  }
}

function readChunks(
  fd: number,
  chunk: Buffer,
  startOffset: number,
  maxLineBytes: number,
  onLine: (line: Line) => boolean | void,
  firstLineNo: number
): ReadLinesResult {
  let filePos = startOffset
  let lineStart = startOffset // file offset where the pending line starts
  let pending: Buffer[] = [] // pieces of a line spanning chunks
  let pendingBytes = 0
  let skipping = false // inside an oversized line
  let rereading = false // inside a long line that is read again whole once its end is found
  let lineNo = firstLineNo - 1
  const oversized: ReadLinesResult['oversized'] = []

  const emit = (buf: Buffer, start: number, end: number): boolean => {
    lineNo++
    const length = end - start
    if (length === 0) return true
    const slice = buf.subarray(start, end)
    const text = slice.toString('utf8')
    const line: Line = { text, bytes: slice, offset: lineStart, length, lineNo, validUtf8: isUtf8(slice) }
    return onLine(line) !== false
  }

  for (;;) {
    const n = readSync(fd, chunk, 0, CHUNK, filePos)
    if (n === 0) break
    let from = 0
    while (from < n) {
      const nl = chunk.indexOf(10, from)
      if (nl === -1 || nl >= n) {
        // No newline in the rest of this chunk: keep the piece (unless the line is already too long).
        const piece = n - from
        if (!skipping && pendingBytes + piece > maxLineBytes) {
          skipping = true
          rereading = false
          pending = []
          pendingBytes = 0
        }
        if (!skipping && !rereading && pendingBytes + piece > GATHER_LIMIT) {
          rereading = true
          pending = []
        }
        if (!skipping && !rereading) pending.push(Buffer.from(chunk.subarray(from, n)))
        pendingBytes += skipping ? 0 : piece
        break
      }
      const lineEnd = filePos + nl
      if (rereading) {
        rereading = false
        pending = []
        pendingBytes = 0
        const whole = readRange(fd, lineStart, lineEnd - lineStart)
        if (whole.length > maxLineBytes) {
          lineNo++
          oversized.push({ lineNo, offset: lineStart, length: whole.length })
        } else if (!emit(whole, 0, whole.length)) {
          return { endOfCompleteLines: lineEnd + 1, tail: null, oversized, lastLineNo: lineNo }
        }
      } else if (skipping) {
        lineNo++
        oversized.push({ lineNo, offset: lineStart, length: lineEnd - lineStart })
        skipping = false
      } else if (pending.length) {
        pending.push(chunk.subarray(from, nl))
        const whole = Buffer.concat(pending)
        pending = []
        pendingBytes = 0
        if (whole.length > maxLineBytes) {
          lineNo++
          oversized.push({ lineNo, offset: lineStart, length: whole.length })
        } else if (!emit(whole, 0, whole.length)) {
          return { endOfCompleteLines: lineEnd + 1, tail: null, oversized, lastLineNo: lineNo }
        }
      } else if (nl - from > maxLineBytes) {
        lineNo++
        oversized.push({ lineNo, offset: lineStart, length: nl - from })
      } else if (!emit(chunk, from, nl)) {
        return { endOfCompleteLines: lineEnd + 1, tail: null, oversized, lastLineNo: lineNo }
      }
      from = nl + 1
      lineStart = filePos + from
    }
    filePos += n
  }
  const tailLength = filePos - lineStart
  return {
    endOfCompleteLines: lineStart,
    tail: tailLength > 0 ? { offset: lineStart, length: tailLength } : null,
    oversized,
    lastLineNo: lineNo
  }
}

/** Reads the bytes of a range (a tail or a record) from an open file. */
export function readRange(fd: number, offset: number, length: number): Buffer {
  noteRead(length)
  const buf = Buffer.allocUnsafe(length)
  let done = 0
  while (done < length) {
    const n = readSync(fd, buf, done, length - done, offset + done)
    if (n === 0) break
    done += n
  }
  return done === length ? buf : buf.subarray(0, done)
}

/**
 * The machine's own limit for the benchmark: read every corpus file with a fast Buffer line splitter and
 * JSON.parse every line (PRODUCT.md §4 measures the indexer as a ratio to this).
 */
import { createReadStream, readFileSync } from 'node:fs'

/**
 * Calls `onLine` with each line of a file (without the newline). 1 MB chunks, `indexOf(10)` on Buffers, one
 * `toString` per line: the fastest plain-Node reader measured in STACK.md §4.3.
 * @param {string} path @param {(line: string, bytes: number) => void} onLine bytes = the line's size incl. newline
 */
export async function forEachLine(path, onLine) {
  /** @type {Buffer | null} */
  let carry = null
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buf = carry ? Buffer.concat([carry, chunk]) : /** @type {Buffer} */ (chunk)
    let start = 0
    let nl
    while ((nl = buf.indexOf(10, start)) !== -1) {
      if (nl > start) onLine(buf.toString('utf8', start, nl), nl - start + 1)
      start = nl + 1
    }
    carry = start < buf.length ? buf.subarray(start) : null
  }
  if (carry && carry.length > 0) onLine(carry.toString('utf8'), carry.length)
}

/**
 * One pass over the files: `.jsonl` line by line, anything else parsed whole.
 * @param {string[]} files @returns {Promise<{ bytes: number, lines: number, seconds: number }>}
 */
export async function readPass(files) {
  const t0 = process.hrtime.bigint()
  let bytes = 0
  let lines = 0
  let sink = 0
  for (const file of files) {
    if (file.endsWith('.jsonl')) {
      await forEachLine(file, (line, n) => {
        bytes += n
        lines++
        // Touch the result so the parse cannot be optimised away.
        sink += JSON.parse(line) ? 1 : 0
      })
    } else {
      const buf = readFileSync(file)
      bytes += buf.length
      sink += JSON.parse(buf.toString('utf8')) ? 1 : 0
    }
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  if (sink < 0) console.log(sink)
  return { bytes, lines, seconds }
}

/**
 * Best of `passes` read+parse passes (the first also warms the page cache), in MB/s (10^6 bytes/s).
 * @param {string[]} files @param {number} [passes]
 */
export async function measureReadLimit(files, passes = 2) {
  /** @type {{ bytes: number, lines: number, seconds: number }[]} */
  const runs = []
  for (let i = 0; i < passes; i++) runs.push(await readPass(files))
  const best = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a))
  return { ...best, mbPerSec: best.bytes / 1e6 / best.seconds, passes: runs.map((r) => r.seconds) }
}

/**
 * Index progress on stderr (never stdout, which belongs to the result): one line rewritten in place on a
 * terminal, else a plain line every few seconds so CI logs show life without flooding.
 */
import { basename } from 'node:path'
import type { IndexProgress } from '@contract/model'
import type { CliIo } from './cli-io'
import { formatBytes, formatInt, oneLine, truncate } from '../report/text-format'

const TTY_INTERVAL_MS = 100
const LOG_INTERVAL_MS = 5000

export interface ProgressPrinter {
  update(p: IndexProgress): void
  /** Clears the in-place line so the result starts on a clean line. */
  done(): void
}

/** One progress line, e.g. `indexing 3/10 files · 1,234 episodes · 4.5 MB/s · ETA 12 s · results.jsonl`. */
export function progressLine(p: IndexProgress, now: number = Date.now()): string {
  // waiting for another process indexing the database: who, and for how long so far
  if (p.state === 'waiting') {
    const waited = p.startedAt !== null ? Math.max(0, Math.round((now - p.startedAt) / 1000)) : 0
    return `${oneLine(p.message ?? 'waiting for another process indexing this database')} · waited ${waited} s`
  }
  const parts = [
    `${p.state} ${formatInt(p.filesDone)}/${formatInt(p.filesTotal)} files`,
    `${formatInt(p.episodes)} episodes`
  ]
  if (p.bytesTotal > 0) parts.push(`${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)}`)
  if (p.mbPerSec > 0) parts.push(`${p.mbPerSec.toFixed(1)} MB/s`)
  if (p.etaSec !== null && p.etaSec > 0) parts.push(`ETA ${Math.ceil(p.etaSec)} s`)
  if (p.failed > 0) parts.push(`${formatInt(p.failed)} failed`)
  if (p.currentFile) parts.push(oneLine(basename(p.currentFile)))
  return parts.join(' · ')
}

/** A progress printer for `io`'s stderr; `now` is injectable for tests. */
export function createProgressPrinter(io: CliIo, now: () => number = Date.now): ProgressPrinter {
  let last = -Infinity
  let shown = false
  let waitingSaid = false
  return {
    update(p) {
      const t = now()
      // a job that has to wait says so at once (a script's log must tell a wait from a hang), then as usual
      if (p.state === 'waiting' && !waitingSaid && !io.stderrIsTTY) {
        waitingSaid = true
        last = t
        io.stderr(progressLine(p, t) + '\n')
        return
      }
      if (io.stderrIsTTY) {
        if (t - last < TTY_INTERVAL_MS) return
        last = t
        shown = true
        // \r + erase-line keeps it to one line; cut to the width so it never wraps.
        io.stderr(`\r\x1b[2K${truncate(progressLine(p, t), Math.max(20, io.stderrColumns - 1))}`)
      } else {
        if (last === -Infinity) last = t // the first line only after a few seconds: short jobs stay quiet
        if (t - last < LOG_INTERVAL_MS) return
        last = t
        io.stderr(progressLine(p, t) + '\n')
      }
    },
    done() {
      if (shown) io.stderr('\r\x1b[2K')
      shown = false
    }
  }
}

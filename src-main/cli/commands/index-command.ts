/**
 * `rollscope index PATH…`: index files and folders, one result line per file.
 *
 * Exit status: 1 when any file ended in state `error` (unreadable, unparsable, missing path); 0 otherwise.
 * Git LFS pointers (`not-downloaded`) and files no adapter recognizes (`unknown-format`) are listed with their
 * reason but are not failures: a folder of traces routinely holds READMEs, configs and un-fetched LFS files.
 */
import { existsSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { IndexReport, SourceStatus } from '@contract/model'
import type { CommandContext, CommandSpec } from '../context'
import { intOption } from '../args'
import { describeHolder } from '../../indexer/writer-lock'
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors'
import { formatBytes, formatInt, formatSeconds, formatTable, oneLine } from '../../report/text-format'
import { createProgressPrinter } from '../progress'

/** How long `rollscope index` waits for another process indexing the same database, by default. */
const DEFAULT_WAIT_S = 600
const BUSY_HINT = 'Run it again when that is done, give --wait SECONDS to wait longer, or use another --db.'

export const indexCommand: CommandSpec = {
  name: 'index',
  summary: 'index trace files and folders (recursively); unchanged files are skipped',
  help: `Usage: rollscope index PATH… [--force] [--wait SECONDS] [--db FILE] [--json]

Indexes files and folders (recursively) into the database and prints one line per file:
its state, format, episodes and, when it was not indexed, why.

States: indexed (N episodes), unchanged (not read again since the last index), sidecar (a companion
read with another file: metadata, reports, continuations), skipped as not-downloaded (a Git LFS
pointer) or unknown-format (not a trace), error (failed, with the reason).

One index job at a time writes to a database: when another process indexes it (a second
rollscope index, rollscope serve following its folders, the app), this one waits for it, saying
whom it waits for, then runs. After --wait SECONDS (default ${DEFAULT_WAIT_S}) it gives up, indexes
nothing and says which process holds the database (exit 1).

Options:
  --force          re-index files even when unchanged
  --wait SECONDS   how long to wait for another process indexing the database (default ${DEFAULT_WAIT_S};
                   0: do not wait)
  --db FILE        database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  --json           print the IndexReport as one JSON document (also when it gave up waiting: then
                   with busy {seconds, holder {pid, host, what, since}, message})
  -h, --help       show this help

Exit status: 0 when every file was indexed, unchanged or set aside (LFS pointer, unknown format);
1 when any file failed (state "error"), a PATH does not exist or another process kept the
database past --wait; 2 on bad usage.
Progress goes to stderr.`,
  options: { force: { type: 'boolean' }, wait: { type: 'string' } },
  async run(ctx) {
    if (ctx.positionals.length === 0) throw new UsageError('index needs at least one PATH', 'index')
    const waitS = intOption(ctx.values, 'wait', 'index', { min: 0, max: 7 * 24 * 3600 }) ?? DEFAULT_WAIT_S
    const paths = ctx.positionals.map((p) => resolve(ctx.io.cwd, p))
    const missing = paths.filter((p) => !existsSync(p))
    const present = paths.filter((p) => existsSync(p))

    let report: IndexReport = emptyReport()
    if (present.length > 0) {
      const engine = await ctx.openEngine('cli')
      const progress = createProgressPrinter(ctx.io)
      try {
        report = await engine.indexPaths(present, {
          force: ctx.values.force === true,
          waitMs: waitS * 1000,
          onProgress: (p) => progress.update(p)
        })
      } finally {
        progress.done()
      }
    }
    report = withMissing(report, missing)

    if (report.busy) ctx.warn(`rollscope: ${report.busy.message}. ${BUSY_HINT}`)
    else if (report.waited)
      ctx.warn(`waited ${formatSeconds(report.waited.seconds)} for ${describeHolder(report.waited.holder)}`)
    if (ctx.json) ctx.printJson(report)
    else if (!report.busy) ctx.print(formatReport(report, ctx.io.cwd))
    const failed = report.busy !== undefined || report.files.some((f) => f.state === 'error') || report.failed > 0
    return failed ? EXIT_FAILED : EXIT_OK
  }
}

function emptyReport(): IndexReport {
  return { files: [], indexed: 0, skipped: 0, failed: 0, removed: 0, episodes: 0, bytes: 0, seconds: 0, peakRssMb: 0 }
}

/** Paths that do not exist become error rows, so the JSON report says what happened to every argument. */
function withMissing(report: IndexReport, missing: string[]): IndexReport {
  if (missing.length === 0) return report
  const rows: SourceStatus[] = missing.map((path) => ({
    path,
    size: 0,
    mtimeMs: 0,
    format: 'unknown',
    state: 'error',
    error: 'no such file or directory',
    warnings: [],
    episodes: 0,
    runId: null,
    indexedAt: null
  }))
  return { ...report, files: [...rows, ...report.files], failed: report.failed + rows.length }
}

/** Paths under the working directory are shown relative to it, others absolute. */
function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path)
  return rel && rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel) ? rel : path
}

function fileNote(f: SourceStatus): string {
  const notes: string[] = []
  if (f.error) notes.push(f.error)
  if (f.warnings.length) notes.push(`${f.warnings.length} warning${f.warnings.length > 1 ? 's' : ''}: ${f.warnings[0]}`)
  return oneLine(notes.join('; '))
}

/** The per-file table and the summary line. */
export function formatReport(report: IndexReport, cwd: string): string {
  const files = [...report.files].sort((a, b) => a.path.localeCompare(b.path))
  const table =
    files.length === 0
      ? 'No trace files found.\n'
      : formatTable(files, [
          { header: 'STATE', cell: (f) => f.state },
          { header: 'FORMAT', cell: (f) => f.format },
          { header: 'EPISODES', cell: (f) => formatInt(f.episodes), align: 'right' },
          { header: 'FILE', cell: (f) => displayPath(f.path, cwd) },
          { header: 'NOTE', cell: fileNote, maxWidth: 120 }
        ])
  const count = (state: SourceStatus['state']): number => files.filter((f) => f.state === state).length
  const parts = [`${formatInt(report.indexed)} indexed`, `${formatInt(report.skipped)} unchanged`]
  if (count('not-downloaded')) parts.push(`${count('not-downloaded')} not downloaded (Git LFS)`)
  if (count('sidecar')) parts.push(`${count('sidecar')} companion`)
  // not "skipped": --json's skipped counts the unchanged files
  if (count('unknown-format')) parts.push(`${count('unknown-format')} not a trace`)
  parts.push(`${formatInt(report.failed)} failed`)
  if (report.removed) parts.push(`${formatInt(report.removed)} gone since indexed`)
  const summary =
    `${parts.join(', ')}; ${formatInt(report.episodes)} episodes, ` +
    `${formatBytes(report.bytes)} in ${formatSeconds(report.seconds)}`
  return `${table}\n${summary}\n`
}

/** What the CLI touches of the outside world, injectable so tests run it in-process without a child process. */
import type { Writable } from 'node:stream'
import type { Engine, EngineOptions } from '../services/engine-types'

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** The real stdout stream, when there is one: `export` writes to it with backpressure (a pipe to a slow reader). */
  stdoutStream?: Writable
  env: Record<string, string | undefined>
  cwd: string
  /** Whether stderr is a terminal (progress is then one updating line). */
  stderrIsTTY: boolean
  /** Terminal width for the progress line. */
  stderrColumns: number
  /** Builds the engine; defaults to the real createEngine, loaded lazily so --help never opens SQLite. */
  createEngine?: (options: EngineOptions) => Engine | Promise<Engine>
  /** Indexer placement for the engines the CLI creates (tests use 'inline': workers cannot load TS sources). */
  indexer?: 'worker' | 'inline'
  /** `serve` stops when this aborts; defaults to SIGINT / SIGTERM. */
  shutdown?: AbortSignal
  /** Built renderer folder for `serve`; undefined = look for out/renderer, null = API only. */
  staticDir?: string | null
  /** Demo traces folder; undefined = look for resources/demo. */
  demoPath?: string | null
}

/** The real process: stdout/stderr streams, environment and working directory. */
export function processIo(): CliIo {
  // `rollscope episodes X | head` closes the pipe early; that is not an error worth a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw err
  })
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdoutStream: process.stdout,
    env: process.env,
    cwd: process.cwd(),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stderrColumns: process.stderr.columns || 80
  }
}

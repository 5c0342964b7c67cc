/**
 * The `rollscope` command line: global options, command dispatch, help, and the mapping of outcomes to exit codes
 * (0 success, 1 ran but something failed, 2 bad usage). `runCli` takes its I/O as an argument so tests run it
 * in-process.
 */
import { resolve } from 'node:path'
import { defaultDbPath, defaultDemoPath, defaultStaticDir } from '../services/default-paths'
import type { Engine, EngineOptions } from '../services/engine-types'
import { parseCommandArgs, splitCommand } from './args'
import { processIo, type CliIo } from './cli-io'
import { breakdownCommand } from './commands/breakdown-command'
import { compareCommand } from './commands/compare-command'
import { curveCommand } from './commands/curve-command'
import { episodesCommand } from './commands/episodes-command'
import { exportCommand } from './commands/export-command'
import { indexCommand } from './commands/index-command'
import { labelCommand } from './commands/label-command'
import { labelsCommand } from './commands/labels-command'
import { runsCommand } from './commands/runs-command'
import { searchCommand } from './commands/search-command'
import { serveCommand } from './commands/serve-command'
import { showCommand } from './commands/show-command'
import type { CommandContext, CommandSpec } from './context'
import { CommandFailure, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './errors'
import { ROLLSCOPE_VERSION } from './version'

/** Every command, in help order. */
export const COMMANDS: CommandSpec[] = [
  indexCommand,
  runsCommand,
  episodesCommand,
  showCommand,
  searchCommand,
  labelCommand,
  labelsCommand,
  exportCommand,
  compareCommand,
  breakdownCommand,
  curveCommand,
  serveCommand
]

/** The global help text. */
export function globalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')
  return `Usage: rollscope <command> [options]

Index LLM-agent rollout traces into a local database and look inside them.

Commands:
${list}

Options (every command):
  --db FILE      database file (default: $ROLLSCOPE_DB, else the desktop app's per-user database)
  --json         print one JSON document on stdout (nothing else goes there)
  -h, --help     help for rollscope or for a command (rollscope <command> --help)
  -V, --version  print the version

Exit status: 0 success, 1 the command ran but something failed, 2 bad usage.
`
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const engines: Engine[] = []
  try {
    const { before, command, rest } = splitCommand(argv)
    if (before.includes('--version') || before.includes('-V')) {
      io.stdout(`${ROLLSCOPE_VERSION}\n`)
      return EXIT_OK
    }
    if (command === null || command === 'help') {
      const topic = command === 'help' ? rest[0] : undefined
      if (topic) return runCli([topic, '--help'], io)
      const asked = command === 'help' || before.includes('--help') || before.includes('-h')
      ;(asked ? io.stdout : io.stderr)(globalHelp())
      return asked ? EXIT_OK : EXIT_USAGE
    }
    const spec = COMMANDS.find((c) => c.name === command)
    if (!spec) throw new UsageError(`unknown command '${command}'`)
    const { values, positionals } = parseCommandArgs(spec.name, [...before, ...rest], spec.options)
    if (values.help) {
      io.stdout(spec.help + '\n')
      return EXIT_OK
    }
    const ctx = makeContext(spec.name, values, positionals, io, engines)
    return await spec.run(ctx)
  } catch (err) {
    return reportError(err, io)
  } finally {
    for (const engine of engines) {
      await engine
        .close()
        .catch((err: unknown) => io.stderr(`rollscope: closing the database failed: ${String(err)}\n`))
    }
  }
}

function reportError(err: unknown, io: CliIo): number {
  if (err instanceof UsageError) {
    const help = err.command ? `rollscope ${err.command} --help` : 'rollscope --help'
    io.stderr(`rollscope: ${err.message}\nRun '${help}' for usage.\n`)
    return EXIT_USAGE
  }
  if (err instanceof CommandFailure) {
    io.stderr(`rollscope: ${err.message}\n`)
    return EXIT_FAILED
  }
  const message = err instanceof Error ? err.message : String(err)
  // damage met past the file's header (opening it names the file: db/unusable-db.ts): say which files it can be
  const damaged = /^SQLITE_CORRUPT/.test(String((err as { code?: unknown } | null)?.code ?? ''))
    ? ` (the database or its .labels.db is damaged: the index can be rebuilt by moving it aside and indexing again; the labels file holds your labels)`
    : ''
  io.stderr(`rollscope: ${message}${damaged}\n`)
  if (io.env.ROLLSCOPE_DEBUG && err instanceof Error && err.stack) io.stderr(err.stack + '\n')
  return EXIT_FAILED
}

function makeContext(
  command: string,
  values: CommandContext['values'],
  positionals: string[],
  io: CliIo,
  engines: Engine[]
): CommandContext {
  const db = typeof values.db === 'string' ? values.db : undefined
  if (db !== undefined && db.trim() === '') throw new UsageError('--db needs a file name', command)
  const dbPath = resolve(io.cwd, db ?? defaultDbPath(io.env))
  const json = values.json === true
  return {
    io,
    command,
    values,
    positionals,
    json,
    dbPath,
    staticDir: io.staticDir !== undefined ? io.staticDir : defaultStaticDir(),
    version: ROLLSCOPE_VERSION,
    async openEngine(mode) {
      const options: EngineOptions = {
        dbPath,
        mode,
        demoPath: io.demoPath !== undefined ? io.demoPath : defaultDemoPath(),
        version: ROLLSCOPE_VERSION,
        indexer: io.indexer ?? 'worker',
        // browser mode stays open: it follows the roots as files change (live tail)
        watch: mode === 'browser'
      }
      const engine = await (io.createEngine ?? loadEngine)(options)
      engines.push(engine)
      return engine
    },
    printJson: (value) => io.stdout(JSON.stringify(value, null, 2) + '\n'),
    print: (text) => io.stdout(text),
    warn: (text) => io.stderr(text.endsWith('\n') ? text : text + '\n')
  }
}

/**
 * The real engine, imported lazily so help, version and usage errors never load SQLite. Browser mode is
 * long-lived and serves many requests at once: its engine gets its own thread, so one slow query does not hold
 * up the others (or the event stream). One-shot commands query on their own thread (no start-up cost).
 */
async function loadEngine(options: EngineOptions): Promise<Engine> {
  if (options.mode === 'browser' && options.indexer !== 'inline') {
    const { createWorkerEngine } = await import('../services/worker-engine')
    return createWorkerEngine(options)
  }
  const { createEngine } = await import('../services/engine')
  return createEngine(options)
}

/** Entry point used by bin.ts: the real process I/O, exit code set on the process. */
export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2), processIo())
}

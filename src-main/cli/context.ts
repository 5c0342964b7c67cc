/** What a command gets to run: its parsed arguments, output helpers, and the engine opened on the chosen database. */
import { existsSync } from 'node:fs'
import type { ParseArgsOptionsConfig } from 'node:util'
import type { ApiArgs, ApiMethod, ApiResult } from '@contract/api'
import { dispatch } from '../services/dispatch'
import type { Engine, EngineOptions } from '../services/engine-types'
import type { OptionValues } from './args'
import type { CliIo } from './cli-io'
import { CommandFailure, UsageError } from './errors'

/** One CLI command. */
export interface CommandSpec {
  name: string
  /** One line for the global help. */
  summary: string
  /** Full help text shown by `rollscope <name> --help`. */
  help: string
  options: ParseArgsOptionsConfig
  run(ctx: CommandContext): Promise<number>
}

export interface CommandContext {
  io: CliIo
  command: string
  values: OptionValues
  positionals: string[]
  json: boolean
  dbPath: string
  /** Built renderer for `serve`, or null when not built. */
  staticDir: string | null
  version: string
  /** Opens the engine on dbPath; run-cli closes it when the command ends. */
  openEngine(mode: EngineOptions['mode']): Promise<Engine>
  /** Writes the one JSON document of --json mode to stdout. */
  printJson(value: unknown): void
  print(text: string): void
  warn(text: string): void
}

/** Calls the engine through dispatch, so CLI arguments are validated exactly like IPC and HTTP ones. */
export async function callApi<M extends ApiMethod>(
  ctx: CommandContext,
  engine: Engine,
  method: M,
  ...args: ApiArgs<M>
): Promise<ApiResult<M>> {
  const result = await dispatch(engine.api, method, args)
  if (result.ok) return result.value as ApiResult<M>
  // A bad-request here comes from what the user typed (a filter expression, a sort key): bad usage.
  if (result.error.code === 'bad-request' || result.error.code === 'not-comparable')
    throw new UsageError(withoutArgumentPlace(result.error.message, method), ctx.command)
  throw new CommandFailure(result.error.message)
}

/**
 * The API names the argument a problem is in ("search: argument 0: the query is…"), which means nothing to someone
 * who typed a command: the CLI says the problem alone.
 */
function withoutArgumentPlace(message: string, method: string): string {
  return message.replace(new RegExp(`^${method}: arguments?(?: [\\w.]+)?: `), '')
}

/** Whether the database exists; read-only commands do not create an empty one just to say it is empty. */
export function dbExists(ctx: CommandContext): boolean {
  return existsSync(ctx.dbPath)
}

/** The standard complaint when a read command finds no database. */
export function noDbMessage(ctx: CommandContext): string {
  return `no database at ${ctx.dbPath}; index some traces first: rollscope index PATH… (or pick one with --db FILE)`
}

/** Argument parsing for the CLI on top of node:util parseArgs, with every failure turned into a UsageError. */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'
import { UsageError } from './errors'

/** Options every command accepts. */
export const GLOBAL_OPTIONS = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' }
} as const satisfies ParseArgsOptionsConfig

export type OptionValues = Record<string, string | boolean | undefined>

export interface ParsedCommandArgs {
  values: OptionValues
  positionals: string[]
}

/** Parses a command's own arguments (plus the global options); unknown flags are usage errors. */
export function parseCommandArgs(command: string, argv: string[], options: ParseArgsOptionsConfig): ParsedCommandArgs {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true
    })
    return { values: values as OptionValues, positionals }
  } catch (err) {
    throw new UsageError(cleanParseError(err), command)
  }
}

/**
 * parseArgs messages end with advice about `--` that does not help here; keep the first sentence. A value that
 * starts with `-` (`--limit -5`) reads as "argument is ambiguous": say what the option needs instead.
 */
function cleanParseError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  const ambiguous = /^Option '(--[\w-]+)(?:, -\w)?' argument is ambiguous/.exec(message)
  if (ambiguous) return `${ambiguous[1]} needs a value, and one that starts with '-' is not one it takes`
  const missing = /^Option '(--[\w-]+)(?:, -\w)? <value>' argument missing/.exec(message)
  if (missing) return `${missing[1]} needs a value`
  return message.split('. To specify a positional')[0].replace(/\.$/, '')
}

/** Reads an integer option within [min, max]; absent gives undefined. */
export function intOption(
  values: OptionValues,
  name: string,
  command: string,
  { min, max }: { min: number; max: number }
): number | undefined {
  const raw = values[name]
  if (raw === undefined) return undefined
  const text = String(raw).trim()
  const n = /^[+-]?\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    // a bound of "any size" is said as such, not as 9007199254740991
    const range = max >= Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min} to ${max}`
    throw new UsageError(`--${name} must be an integer ${range}, got '${raw}'`, command)
  }
  return n
}

/** The one RUN argument of a command about one run (id or name); nothing may follow it. */
export function runPositional(positionals: string[], command: string): string {
  const [run, ...extra] = positionals
  if (!run) throw new UsageError(`${command} needs a RUN (id or name; see: rollscope runs)`, command)
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`, command)
  return run
}

/** Reads a string option, rejecting an empty value. */
export function stringOption(values: OptionValues, name: string, command: string): string | undefined {
  const raw = values[name]
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || raw.trim() === '') throw new UsageError(`--${name} needs a value`, command)
  return raw
}

/** Splits argv into leading global options, the command name and the rest (global options may also follow it). */
export function splitCommand(argv: string[]): { before: string[]; command: string | null; rest: string[] } {
  const before: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--') return { before, command: argv[i + 1] ?? null, rest: argv.slice(i + 2) }
    if (!arg.startsWith('-') || arg === '-') return { before, command: arg, rest: argv.slice(i + 1) }
    before.push(arg)
    // `--db FILE` takes the next word as its value.
    if (arg === '--db' && i + 1 < argv.length) before.push(argv[++i])
  }
  return { before, command: null, rest: [] }
}

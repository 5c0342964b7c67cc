/** Small field helpers shared by adapters. */
export type Obj = Record<string, unknown>
/** A summary's info map: scalar values only. */
export type ScalarMap = Record<string, string | number | boolean | null>

/** A plain JSON object (not null, not an array). */
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A finite number, else null (NaN was already turned into null by the tolerant parser). */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
/** A string, else null. */
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/**
 * A timestamp field as epoch ms (NaN when it is none). Only a string or a number is read: `String(v)` or
 * `Date.parse(v)` of an untrusted object calls its `toString`, and JSON can make that a non-function
 * (`{"toString": ""}`), which throws a TypeError instead of being a bad value.
 */
export const timeMs = (v: unknown): number =>
  typeof v === 'string' ? Date.parse(v) : typeof v === 'number' && Number.isFinite(v) ? v : NaN

/** An id as text: strings as they are, finite numbers printed; anything else (objects, booleans) is no id. */
export function idText(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  if (typeof v === 'bigint') return String(v)
  return null
}

/**
 * A value of the file as text, the way String() writes a scalar (so locators built from it stay as they were); an
 * object or array as its JSON, since String() of one runs its own `toString`, which the file may have made no function.
 */
export function scalarText(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)
}

/** Every finite number of `record` whose key is not in `reserved`, added to `into` (verifiers flattens metrics so). */
export function numericFields(
  record: Obj,
  reserved: ReadonlySet<string>,
  into: Record<string, number> = {}
): Record<string, number> {
  for (const key in record) {
    if (reserved.has(key)) continue
    const v = record[key]
    if (typeof v === 'number' && Number.isFinite(v)) into[key] = v
  }
  return into
}

/** Longest string kept as a category value: longer text is content, not a category. */
export const MAX_CATEGORY_CHARS = 200

/** Scalar fields of an object (string, finite number, boolean, null) added to `into`: category candidates. */
export function scalarFields(o: unknown, into: ScalarMap = {}): ScalarMap {
  if (!isObj(o)) return into
  for (const key in o) {
    const v = o[key]
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) into[key] = v
    else if (typeof v === 'string' && v.length <= MAX_CATEGORY_CHARS) into[key] = v
  }
  return into
}

/** Token counts from a usage object of any producer (OpenAI chat, Responses, verifiers token_usage). */
export function usageTokens(usage: unknown): { tokensIn: number | null; tokensOut: number | null } {
  if (!isObj(usage)) return { tokensIn: null, tokensOut: null }
  return {
    tokensIn: num(usage.input_tokens) ?? num(usage.prompt_tokens),
    tokensOut: num(usage.output_tokens) ?? num(usage.completion_tokens)
  }
}

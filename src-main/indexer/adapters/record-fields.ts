/** Small field helpers shared by adapters. */
export type Obj = Record<string, unknown>

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Every top-level finite number not in `reserved` (verifiers flattens rubric functions this way). */
export function numericFields(record: Obj, reserved: ReadonlySet<string>, into: Record<string, number> = {}): Record<string, number> {
  for (const key in record) {
    if (reserved.has(key)) continue
    const v = record[key]
    if (typeof v === 'number' && Number.isFinite(v)) into[key] = v
    else if (typeof v === 'boolean' && key.startsWith('is_')) into[key] = v ? 1 : 0
  }
  return into
}

/** Scalar fields of an object (string, finite number, boolean, null): category candidates. Long strings are left out. */
export function scalarFields(o: unknown, into: Record<string, string | number | boolean | null> = {}): Record<string, string | number | boolean | null> {
  if (!isObj(o)) return into
  for (const key in o) {
    const v = o[key]
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) into[key] = v
    else if (typeof v === 'string' && v.length <= 200) into[key] = v
  }
  return into
}

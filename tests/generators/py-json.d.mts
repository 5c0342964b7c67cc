/** Types for py-json.mjs. */
export function pyDumps(
  value: unknown,
  opts?: { floatKeys?: Iterable<string>; indent?: number | null; ensureAscii?: boolean }
): string

import { sep } from 'node:path'

/** A SQL LIKE pattern (ESCAPE '\') for every path below the folder `dir`. */
export function likeUnder(dir: string): string {
  return (dir.endsWith(sep) ? dir : dir + sep).replace(/[\\%_]/g, (c) => '\\' + c) + '%'
}

/** The root holding `path` (the longest of `roots` it is at or under), or undefined. */
export function rootHolding(roots: readonly string[], path: string): string | undefined {
  return roots
    .filter((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep))
    .sort((a, b) => b.length - a.length)[0]
}

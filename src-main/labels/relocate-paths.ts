/**
 * Where a labels file's source paths are in this workspace. Labels are keyed by the absolute path of the file an
 * episode comes from, so a file exported on a GPU box (/home/a/evals/run1/results.jsonl) and imported on a laptop
 * (/Users/b/evals/run1/results.jsonl) named files the laptop does not have: the import added every label, none of
 * which showed. A path not indexed here moves to the one indexed file whose path ends the same way, over the most
 * trailing components, at least the file's name and its folder (a bare `results.jsonl` names every verifiers run).
 * A tie is not guessed. Pure.
 */

/** Trailing path components, file name last ('/' and '\' both separate). */
const parts = (path: string): string[] => path.split(/[\\/]+/).filter(Boolean)

/** How many trailing components two paths share. */
function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++
  return n
}

/** The fewest trailing components that must agree: the file and the folder it is in. */
const MIN_TAIL = 2

/** Each of `imported` that is not in `local` and ends like exactly one local path, mapped to that path. */
export function relocatePaths(imported: Iterable<string>, local: readonly string[]): Map<string, string> {
  const here = new Set(local)
  // local paths by file name: the candidates of an imported path are the files of the same name
  const byName = new Map<string, { path: string; ps: string[] }[]>()
  for (const path of local) {
    const ps = parts(path)
    const name = ps.at(-1)
    if (name === undefined) continue
    const list = byName.get(name)
    if (list) list.push({ path, ps })
    else byName.set(name, [{ path, ps }])
  }
  const out = new Map<string, string>()
  for (const path of new Set(imported)) {
    if (here.has(path)) continue
    const ps = parts(path)
    let best = 0
    let found: string | null = null
    let tie = false
    for (const candidate of byName.get(ps.at(-1) ?? '') ?? []) {
      const n = sharedTail(ps, candidate.ps)
      if (n > best) [best, found, tie] = [n, candidate.path, false]
      else if (n === best) tie = true
    }
    if (found !== null && !tie && best >= MIN_TAIL) out.set(path, found)
  }
  return out
}

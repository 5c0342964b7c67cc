/**
 * File names in the order a person reads them: runs of digits compare as numbers (`step_2` before `step_10`, verl's
 * `2.jsonl` before `10.jsonl`), everything else by code unit as before, so the walk (and the ordinals it gives
 * episodes) follows a training run's steps.
 */
export function naturalCompare(a: string, b: string): number {
  let i = 0
  let j = 0
  let padding = 0 // `01` vs `1`: equal numbers; fewer zeros first, unless something else differs
  while (i < a.length && j < b.length) {
    if (isDigit(a, i) && isDigit(b, j)) {
      let ie = i
      let je = j
      while (isDigit(a, ie)) ie++
      while (isDigit(b, je)) je++
      // compared as text without the leading zeros: digit runs may be longer than a safe integer
      const x = a.slice(i, ie).replace(/^0+/, '')
      const y = b.slice(j, je).replace(/^0+/, '')
      if (x.length !== y.length) return x.length - y.length
      if (x !== y) return x < y ? -1 : 1
      if (padding === 0) padding = ie - i - (je - j)
      i = ie
      j = je
      continue
    }
    const d = a.charCodeAt(i) - b.charCodeAt(j)
    if (d !== 0) return d
    i++
    j++
  }
  return a.length - i - (b.length - j) || padding
}

const isDigit = (s: string, k: number): boolean => {
  const c = s.charCodeAt(k)
  return c >= 48 && c <= 57
}

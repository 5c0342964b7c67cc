/**
 * A tiny glob matcher for mapping files' `files` patterns, on '/'-separated relative paths:
 * `*` (within one folder), `**` (any folders), `?`, `{a,b}`, `[abc]` / `[!abc]`.
 */
export function globToRegExp(glob: string): RegExp {
  const g = glob.replace(/^\.\//, '')
  let re = ''
  let braces = 0
  for (let i = 0; i < g.length; i++) {
    const c = g[i]
    if (c === '*') {
      if (g[i + 1] === '*') {
        const slash = g[i + 2] === '/'
        re += slash ? '(?:.*/)?' : '.*'
        i += slash ? 2 : 1
      } else re += '[^/]*'
    } else if (c === '?') re += '[^/]'
    else if (c === '{') {
      braces++
      re += '(?:'
    } else if (c === '}' && braces > 0) {
      braces--
      re += ')'
    } else if (c === ',' && braces > 0) re += '|'
    else if (c === '[') {
      const end = g.indexOf(']', i + 2)
      if (end < 0) re += '\\['
      else {
        let body = g.slice(i + 1, end)
        if (body.startsWith('!')) body = '^' + body.slice(1)
        re += '[' + body.replace(/\\/g, '\\\\') + ']'
        i = end
      }
    } else re += c.replace(/[.+^$()|\\\]{}]/g, '\\$&')
  }
  while (braces-- > 0) re += ')'
  try {
    return new RegExp(`^${re}$`)
  } catch {
    return /$^/ // matches nothing
  }
}

const cache = new Map<string, RegExp>()

/** Whether `relPath` ('/'-separated, relative to the mapping file's folder) matches `glob`. */
export function matchesGlob(relPath: string, glob: string): boolean {
  let re = cache.get(glob)
  if (!re) {
    if (cache.size > 500) cache.clear()
    re = globToRegExp(glob)
    cache.set(glob, re)
  }
  return re.test(relPath)
}

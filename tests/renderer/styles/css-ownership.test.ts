/**
 * Who owns a style. Every component's classes live in a CSS Module beside it (or in a shared module under styles/),
 * so a class is styled in one file only and no stylesheet can override another by load order. Only the theme's tokens
 * (theme.css) and the reset and bare elements (base.css) are global.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = resolve(import.meta.dirname, '../../../src-renderer/src')
const GLOBAL_SHEETS = ['styles/base.css', 'styles/theme.css']

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]
  )
const files = walk(SRC).map((f) => relative(SRC, f).split('\\').join('/'))
const cssFiles = files.filter((f) => f.endsWith('.css'))
const read = (f: string): string => readFileSync(join(SRC, f), 'utf8')

/** The selectors of every rule (at-rule preludes such as `@media (…)` left out), comments removed. */
export function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const out: string[] = []
  for (const m of text.matchAll(/([^{};]+)\{/g)) {
    const prelude = m[1].trim()
    if (prelude.startsWith('@')) continue
    out.push(...prelude.split(',').map((s) => s.trim()))
  }
  return out
}

/** Class names in a selector: `local` ones (scoped by CSS Modules) and `global` ones (inside `:global(…)`). */
export function classesOf(selector: string): { local: string[]; global: string[] } {
  const global: string[] = []
  const rest = selector.replace(/:global\(([^)]*)\)/g, (_, inner: string) => {
    global.push(...[...inner.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((c) => c[1]))
    return ' '
  })
  // attribute values (`[data-x='a.b']`) are not classes
  const local = [...rest.replace(/\[[^\]]*\]/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((c) => c[1])
  return { local, global }
}

/** The classes each CSS Module defines (what `import css from './X.module.css'` can name). */
const moduleClasses = new Map(
  cssFiles
    .filter((f) => f.endsWith('.module.css'))
    .map((f) => [f, new Set(selectorsOf(read(f)).flatMap((s) => classesOf(s).local))] as const)
)

/** What a module sets on a class through rules that name that class alone (`.x`, `button.x`): property → value. */
function plainProperties(file: string, cls: string): Map<string, string> {
  const text = read(file).replace(/\/\*[\s\S]*?\*\//g, '')
  const props = new Map<string, string>()
  for (const m of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!m[1].split(',').some((sel) => new RegExp(`^[a-z]*\\.${cls}$`).test(sel.trim()))) continue
    for (const decl of m[2].split(';')) {
      const at = decl.indexOf(':')
      if (at > 0) props.set(decl.slice(0, at).trim(), decl.slice(at + 1).trim())
    }
  }
  return props
}

describe('CSS ownership', () => {
  it('has no global stylesheet besides the theme tokens and the base elements', () => {
    expect(cssFiles.filter((f) => !f.endsWith('.module.css')).sort()).toEqual(GLOBAL_SHEETS)
  })

  it('loads the global sheets before any component, so a module rule wins a tie with a bare element rule', () => {
    const imports = [...read('main.tsx').matchAll(/^import .*$/gm)].map((m) => m[0])
    expect(imports.slice(0, 2)).toEqual(["import './styles/theme.css'", "import './styles/base.css'"])
  })

  it('styles no class in theme.css or base.css', () => {
    for (const f of GLOBAL_SHEETS) {
      const styled = selectorsOf(read(f)).filter((s) => /\.[_a-zA-Z]/.test(s.replace(/\[[^\]]*\]/g, '')))
      expect(styled, f).toEqual([])
    }
  })

  it('styles every class in one file only', () => {
    // a module's own class is that file's (CSS Modules scope it); a :global(…) class is the same class everywhere
    const owners = new Map<string, Set<string>>()
    for (const f of cssFiles) {
      for (const s of selectorsOf(read(f))) {
        const { local, global } = classesOf(s)
        const names = [...global, ...(f.endsWith('.module.css') ? [] : local)]
        for (const c of names) owners.set(c, (owners.get(c) ?? new Set()).add(f))
      }
    }
    const shared = [...owners]
      .filter(([, where]) => where.size > 1)
      .map(([c, where]) => `.${c}: ${[...where].join(', ')}`)
    expect(shared).toEqual([])
  })

  it('names only classes its CSS Modules define', () => {
    // a module's classes are typed as any string, so a misspelt or removed class would silently be `undefined`
    const missing: string[] = []
    for (const f of files.filter((x) => /\.tsx?$/.test(x))) {
      const src = read(f)
      const body = src.replace(/^import .*$/gm, '')
      for (const imp of src.matchAll(/^import (\w+) from '([^']+\.module\.css)'/gm)) {
        const path = relative(SRC, resolve(SRC, f, '..', imp[2]))
          .split('\\')
          .join('/')
        const defined = moduleClasses.get(path)
        if (!defined) {
          missing.push(`${f}: no module ${imp[2]}`)
          continue
        }
        for (const use of body.matchAll(new RegExp(`(?<![\\w.])${imp[1]}(?:\\.(\\w+)|\\[['"]([\\w-]+)['"]\\])`, 'g'))) {
          const name = use[1] ?? use[2]
          if (!defined.has(name)) missing.push(`${f}: ${imp[1]}.${name} is not in ${path}`)
        }
      }
    }
    expect(missing).toEqual([])
  })

  it("combines no two modules' classes on one element that give one property two values at the same weight", () => {
    // `cx(a.x, b.y)` with `.x { margin: 0 }` in one module and `.y { margin: 4px 0 }` in another: which wins depends
    // on the order the bundles' stylesheets load in (lazy views load theirs later); one of them must be more specific
    const clashes: string[] = []
    for (const f of files.filter((x) => x.endsWith('.tsx'))) {
      const src = read(f)
      const modules = new Map(
        [...src.matchAll(/^import (\w+) from '([^']+\.module\.css)'/gm)].map((m) => [
          m[1],
          relative(SRC, resolve(SRC, f, '..', m[2]))
            .split('\\')
            .join('/')
        ])
      )
      for (const call of src.matchAll(/cx\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
        const refs = [...call[1].matchAll(/(?<![\w.])(\w+)\.(\w+)/g)]
          .filter((r) => modules.has(r[1]))
          .map((r) => ({ file: modules.get(r[1])!, cls: r[2] }))
        for (const [i, a] of refs.entries()) {
          for (const b of refs.slice(i + 1)) {
            if (a.file === b.file) continue
            const other = plainProperties(b.file, b.cls)
            const differ = [...plainProperties(a.file, a.cls)]
              .filter(([p, v]) => other.has(p) && other.get(p) !== v)
              .map(([p]) => p)
            if (differ.length > 0)
              clashes.push(`${f}: .${a.cls} (${a.file}) and .${b.cls} (${b.file}) both set ${differ.join(', ')}`)
          }
        }
      }
    }
    expect(clashes).toEqual([])
  })

  it('reads selectors: scoped classes, :global classes, attribute values and at-rules apart', () => {
    expect(classesOf(".a :global(.hljs-x) > .b[data-k='.c']")).toEqual({ local: ['a', 'b'], global: ['hljs-x'] })
    expect(selectorsOf('/* .x */ @media (max-width: 1px) { .a, .b:hover { c: d } }')).toEqual(['.a', '.b:hover'])
  })
})

/** Renders realistic pytest console output for a repo state (progress dots, tracebacks, summary). */
import { hashSeed } from '../prng.mjs'
import { bugText, failingTests } from './repo.mjs'

const W = 80
const RED = '\x1b[31m'
const GREEN = '\x1b[32m'
const BOLD = '\x1b[1m'
const RESET = '\x1b[0m'

/** pytest's centred section rule, e.g. `==== FAILURES ====`. @param {string} title @param {string} [ch] */
export function rule(title, ch = '=') {
  if (!title) return ch.repeat(W)
  const t = ` ${title} `
  const left = Math.floor((W - t.length) / 2)
  return ch.repeat(Math.max(left, 1)) + t + ch.repeat(Math.max(W - left - t.length, 1))
}

/** Stable pseudo line number of a test inside its module. @param {string} name */
const testLine = (name) => 12 + (hashSeed(name) % 140)

/** Output options implied by a `python -m pytest …` command line. @param {string} cmd */
export function parsePytestCommand(cmd) {
  const tb = /--tb=(short|line)/.exec(cmd)?.[1]
  return {
    quiet: /\s-q\b/.test(cmd),
    tb: /** @type {'long' | 'short' | 'line'} */ (tb ?? 'long'),
    exitFirst: /\s-x\b/.test(cmd),
    color: cmd.includes('--color=yes')
  }
}

/**
 * @typedef {object} PytestOptions
 * @property {boolean} [quiet] `-q`: no header, no file names in the progress lines
 * @property {'long' | 'short' | 'line'} [tb] traceback style
 * @property {boolean} [color] `--color=yes`: ANSI colour codes
 * @property {boolean} [exitFirst] `-x`: stop at the first failure
 * @property {boolean} [flakyHit] whether flaky tests fail on this run
 * @property {number} [seconds] reported duration
 */

/**
 * @param {import('./repo.mjs').Repo} repo
 * @param {import('./repo.mjs').BugState[]} state
 * @param {PytestOptions} opts
 * @returns {{ text: string, passed: number, failed: number }}
 */
export function renderPytest(repo, state, opts) {
  const { task } = repo
  const c = (/** @type {string} */ code, /** @type {string} */ s) => (opts.color ? code + s + RESET : s)
  const secs = (opts.seconds ?? 0.42).toFixed(2)
  const total = Object.values(task.testFiles).reduce((s, n) => s + n, 0)
  const found = failingTests(task, state, opts.flakyHit ?? true)
  const { collectionBug } = found
  let failing = found.failing
  const out = []
  if (!opts.quiet) {
    out.push(rule('test session starts'), 'platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0')
    out.push(`rootdir: /workspace/${task.repo}`, 'configfile: pyproject.toml')
    if (task.archetype === 'flaky-test') out.push('plugins: asyncio-0.23.8, randomly-3.15.0')
  }
  if (collectionBug >= 0) {
    const bug = task.bugs[collectionBug]
    if (!opts.quiet) out.push(`collected ${total - bug.tests.length} items / 1 error`, '')
    out.push(rule('ERRORS'), rule(`ERROR collecting ${bug.testFile}`, '_'))
    out.push(`ImportError while importing test module '/workspace/${task.repo}/${bug.testFile}'.`)
    out.push('Hint: make sure your test modules/packages have valid Python names.', 'Traceback:')
    out.push('/usr/lib/python3.11/importlib/__init__.py:126: in import_module')
    out.push('    return _bootstrap._gcd_import(name[level:], package, level)')
    out.push(`${bug.testFile}:3: in <module>`, `    ${bug.collection?.importLine}`)
    out.push(`${bug.file}:${repo.lineOf(collectionBug, state)}: in <module>`)
    out.push(`    ${bugText(bug, state[collectionBug]).trim().split('\n')[0]}`)
    out.push(...bug.e.map((l) => `E   ${l}`))
    out.push(rule('short test summary info'), `ERROR ${bug.testFile}`)
    out.push(c(RED, rule('Interrupted: 1 error during collection', '!')))
    out.push(c(RED, rule(`1 error in ${secs}s`)))
    return { text: out.join('\n') + '\n', passed: 0, failed: 0 }
  }
  if (!opts.quiet) out.push(`collected ${total} items`, '')
  // Progress: each file's failing tests sit at stable positions among its tests; `-x` stops after the first F.
  /** @type {{ file: string, slots: string[] }[]} */
  const progress = []
  let stopped = false
  for (const [file, n] of Object.entries(task.testFiles)) {
    if (stopped) break
    /** @type {string[]} */
    const slots = new Array(n).fill('')
    for (const f of failing) {
      if (fileOfTest(task, f.test) !== file || !slots.includes('')) continue
      let p = hashSeed(f.test) % n
      while (slots[p] !== '') p = (p + 1) % n
      slots[p] = f.test
    }
    const firstF = slots.findIndex((t) => t !== '')
    if (opts.exitFirst && firstF >= 0) {
      slots.length = firstF + 1
      stopped = true
      failing = failing.filter((f) => f.test === slots[firstF])
    }
    progress.push({ file, slots })
  }
  let done = 0
  let quietLine = ''
  for (const { file, slots } of progress) {
    const chars = slots.map((t) => (t ? c(RED, 'F') : c(GREEN, '.'))).join('')
    done += slots.length
    const pct = `[${String(Math.floor((done / total) * 100)).padStart(3)}%]`
    if (opts.quiet) quietLine += chars
    else out.push(`${file} ${chars}`.padEnd(W - 6 + (chars.length - slots.length)) + pct)
  }
  if (opts.quiet)
    out.push(
      quietLine + ' '.repeat(Math.max(1, W - 6 - done)) + `[${String(Math.floor((done / total) * 100)).padStart(3)}%]`
    )
  const failNames = new Set(failing.map((f) => f.test))
  if (failing.length > 0 && opts.tb === 'line') {
    for (const f of failing) {
      const bug = task.bugs[f.bug]
      const e = state[f.bug] === 'wrong' && bug.eWrong ? bug.eWrong : bug.e
      out.push(`/workspace/${task.repo}/${fileOfTest(task, f.test)}:${testLine(f.test)}: ${e[0]}`)
    }
  } else if (failing.length > 0) {
    out.push('', rule('FAILURES'))
    for (const f of failing)
      out.push(...renderFailure(repo, state, f.bug, f.test, opts.tb === 'short' ? 'short' : 'long'))
    out.push(rule('short test summary info'))
    for (const f of failing) {
      const bug = task.bugs[f.bug]
      const msg = (state[f.bug] === 'wrong' && bug.eWrong ? bug.eWrong : bug.e)[0]
      const line = `FAILED ${fileOfTest(task, f.test)}::${f.test} - ${msg}`
      out.push(c(RED, line.length > 140 ? line.slice(0, 137) + '...' : line))
    }
  }
  const passed = done - failNames.size
  if (stopped) out.push(c(RED, rule('stopping after 1 failures', '!')))
  const summary =
    failing.length > 0 ? `${failNames.size} failed, ${passed} passed in ${secs}s` : `${passed} passed in ${secs}s`
  const colour = failing.length > 0 ? RED + BOLD : GREEN + BOLD
  out.push(opts.quiet ? c(colour, summary) : c(colour, rule(summary)))
  return { text: out.join('\n') + '\n', passed, failed: failNames.size }
}

/** Test module holding a test (the bug's test file, or the first file when the name is a wrong-fix casualty). */
function fileOfTest(/** @type {import('./task-types.mjs').Task} */ task, /** @type {string} */ test) {
  const bug = task.bugs.find((b) => b.tests.includes(test) || b.wrongTests?.includes(test))
  return bug ? bug.testFile : Object.keys(task.testFiles)[0]
}

/**
 * One failure block.
 * @param {import('./repo.mjs').Repo} repo @param {import('./repo.mjs').BugState[]} state
 * @param {number} i bug index @param {string} test @param {'long' | 'short'} tb
 */
function renderFailure(repo, state, i, test, tb) {
  const bug = repo.task.bugs[i]
  const e = state[i] === 'wrong' && bug.eWrong ? bug.eWrong : bug.e
  const errType = e[0].split(':')[0].split('.').pop()
  const file = fileOfTest(repo.task, test)
  const line = testLine(test)
  const call = bug.call ?? 'assert result == expected'
  const srcLine = repo.lineOf(i, state)
  const src = repo.source(bug.file, state).split('\n')
  const current = bugText(bug, state[i]).split('\n')[0]
  const frame = bug.frame && state[i] === 'bug'
  if (tb === 'short') {
    const lines = [rule(test, '_'), `${file}:${line}: in ${test}`, `    ${call}`]
    if (frame) lines.push(`${bug.file}:${srcLine}: in ${enclosingDef(src, srcLine)}`, `    ${current.trim()}`)
    lines.push(...e.map((l) => `E   ${l}`), '')
    return lines
  }
  const lines = [rule(test, '_'), '', `    def ${test}():`]
  if (!frame) {
    lines.push(`>       ${call}`, ...e.map((l) => `E       ${l}`), '', `${file}:${line}: ${errType}`)
    return lines
  }
  lines.push(`>       ${call}`, '', `${file}:${line}: `, '_ '.repeat(W / 2 - 1) + '_', '')
  // pytest shows the enclosing function from its `def` line down to the failing line.
  let from = srcLine - 2
  while (from > 0 && from > srcLine - 8 && !/^\s*(async )?def /.test(src[from])) from--
  for (let k = from; k < srcLine - 1; k++) if (src[k].trim() !== '') lines.push(`    ${src[k]}`)
  lines.push(`>   ${current}`, ...e.map((l) => `E       ${l}`), '', `${bug.file}:${srcLine}: ${errType}`)
  return lines
}

/** Name of the function enclosing a 1-based source line. @param {string[]} src @param {number} line */
function enclosingDef(src, line) {
  for (let k = line - 1; k >= 0; k--) {
    const m = /^\s*(?:async )?def (\w+)/.exec(src[k])
    if (m) return m[1]
  }
  return '<module>'
}

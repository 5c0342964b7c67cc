/**
 * The fake Python repository of one task: source modules assembled from the bug snippets plus deterministic
 * filler code, and the code state as an agent edits it (each bug is 'bug' | 'wrong' | 'fixed').
 */
import { createRng } from '../prng.mjs'

/** @typedef {import('./task-types.mjs').Task} Task */
/** @typedef {import('./task-types.mjs').Bug} Bug */
/** @typedef {'bug' | 'wrong' | 'fixed'} BugState */

const NOUNS = ['item', 'key', 'value', 'record', 'entry', 'path', 'name', 'limit', 'row', 'token', 'field', 'option']
const CLASS_NAMES = /** @type {Record<string, string>} */ ({
  cache: 'LRUCache',
  worker: 'Worker',
  history: 'RateHistory',
  store: 'KVStore',
  render: 'Template',
  pool: 'WorkerPool'
})

/** @type {((n: string, rng: import('../prng.mjs').Rng) => string)[]} */
const FILLERS = [
  (n) =>
    `def _check_${n}(value):\n    """Validate one ${n} before it reaches the public API."""\n    if value is None:\n        raise ValueError("${n} must not be None")\n    if isinstance(value, str) and not value.strip():\n        raise ValueError("${n} must not be blank")\n    return value\n`,
  (n) =>
    `def normalize_${n}(raw: str) -> str:\n    """Collapse whitespace and lower-case a ${n}."""\n    return " ".join(raw.split()).lower()\n`,
  (n, r) =>
    `def iter_${n}_chunks(items, size=${r.pick([16, 32, 64, 128])}):\n    """Yield lists of at most \`size\` ${n}s."""\n    chunk = []\n    for it in items:\n        chunk.append(it)\n        if len(chunk) == size:\n            yield chunk\n            chunk = []\n    if chunk:\n        yield chunk\n`,
  (n, r) =>
    `_${n.toUpperCase()}_CACHE: dict[str, object] = {}\n\n\ndef cached_${n}(key: str, factory):\n    """Memoise \`factory()\` per key (process-wide, max ${r.int(64, 1024)} entries)."""\n    if key not in _${n.toUpperCase()}_CACHE:\n        if len(_${n.toUpperCase()}_CACHE) > 512:\n            _${n.toUpperCase()}_CACHE.clear()\n        _${n.toUpperCase()}_CACHE[key] = factory()\n    return _${n.toUpperCase()}_CACHE[key]\n`,
  (n) =>
    `def describe_${n}(obj) -> str:\n    """Short human-readable description, used in error messages."""\n    text = repr(obj)\n    return text if len(text) <= 60 else text[:57] + "..."\n`,
  (n, r) =>
    `def parse_${n}_list(text: str, sep: str = "${r.pick([',', ';', '|'])}") -> list[str]:\n    """Split a separated list, ignoring empty parts."""\n    return [part.strip() for part in text.split(sep) if part.strip()]\n`,
  (n) =>
    `def log_${n}(logger, ${n}, level="debug"):\n    """Log a ${n} without failing on unrepresentable values."""\n    try:\n        getattr(logger, level)("%s=%r", "${n}", ${n})\n    except Exception:  # noqa: BLE001 - logging must never raise\n        pass\n`
]

/** @param {string} code */
function importsFor(code) {
  const out = ['from __future__ import annotations', '']
  if (/\bos\./.test(code)) out.push('import os')
  if (/\bre\.|_NON_ALNUM/.test(code)) out.push('import re')
  if (/\btime\./.test(code)) out.push('import time')
  if (/\bcopy\./.test(code)) out.push('import copy')
  if (/\basyncio\./.test(code)) out.push('import asyncio')
  if (/\bpytest\b/.test(code)) out.push('import pytest')
  if (/timedelta|timezone|UTC/.test(code)) out.push('from datetime import datetime, timedelta, timezone')
  if (/Decimal|ROUND_|CENT/.test(code)) out.push('from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal')
  if (/\bpd\./.test(code)) out.push('', 'import pandas as pd')
  if (/_NON_ALNUM/.test(code)) out.push('', '_NON_ALNUM = re.compile(r"[^a-z0-9]+")')
  if (/CENT\b/.test(code)) out.push('', 'CENT = Decimal("0.01")')
  if (/\bUTC\b/.test(code)) out.push('', 'UTC = timezone.utc')
  return out.join('\n') + '\n'
}

/** Which text a bug's location holds in a given state. @param {Bug} bug @param {BugState} s */
export function bugText(bug, s) {
  return s === 'bug' ? bug.old : s === 'wrong' ? bug.wrong : bug.fix
}

/**
 * Builds the repository model of a task. File contents depend only on the task (same text in every episode).
 * @param {Task} task
 */
export function buildRepo(task) {
  const rng = createRng(`repo:${task.id}`)
  /** @type {Map<string, { template: string, bugs: number[] }>} */
  const files = new Map()
  const byFile = new Map()
  task.bugs.forEach((b, i) => byFile.set(b.file, [...(byFile.get(b.file) ?? []), i]))
  for (const [file, idx] of byFile) {
    const snippets = idx.map((i) => task.bugs[i].code)
    const top = snippets.filter((c) => /^(from |import )/.test(c))
    const methods = snippets.filter((c) => /^ {4}(async )?def /.test(c))
    const defs = snippets.filter((c) => !top.includes(c) && !methods.includes(c))
    const stem = file.split('/').pop().replace(/\.py$/, '')
    const bare = /(__init__|conftest|^test_)/.test(stem) || file.startsWith('tests/')
    let text = bare ? '' : `"""${task.pkg}.${stem}: part of ${task.repo}."""\n`
    text += importsFor(snippets.join('\n')) + top.join('') + '\n'
    const fillers = bare ? [] : rng.shuffle(FILLERS).slice(0, rng.int(2, 5))
    const nouns = rng.shuffle(NOUNS)
    fillers.forEach((f, i) => (text += '\n' + f(nouns[i], rng) + '\n'))
    defs.forEach((d) => (text += '\n' + d + '\n'))
    if (methods.length > 0) {
      const cls = CLASS_NAMES[stem] ?? stem[0].toUpperCase() + stem.slice(1)
      text += `\nclass ${cls}:\n    """Core ${stem} object of ${task.repo}."""\n\n    def __init__(self, *args, **kwargs):\n        self._args = args\n        self._options = dict(kwargs)\n`
      methods.forEach((m) => (text += '\n' + m))
    }
    files.set(file, { template: text.replace(/\n{4,}/g, '\n\n\n'), bugs: idx })
  }
  return {
    task,
    files,
    /** Source of `file` with every bug in its current state. @param {string} file @param {BugState[]} state */
    source(file, state) {
      const f = files.get(file)
      if (!f) return ''
      let text = f.template
      for (const i of f.bugs) text = text.replace(task.bugs[i].old, () => bugText(task.bugs[i], state[i]))
      return text
    },
    /** 1-based line of the (first line of the) bug's current text. @param {number} i @param {BugState[]} state */
    lineOf(i, state) {
      const bug = task.bugs[i]
      const text = this.source(bug.file, state)
      const at = text.indexOf(bugText(bug, state[i]))
      return text.slice(0, at).split('\n').length
    },
    /** Every python file of the repo, sorted (for `find`). */
    pythonFiles() {
      const set = new Set([`src/${task.pkg}/__init__.py`, ...files.keys(), ...Object.keys(task.testFiles)])
      set.add('tests/conftest.py')
      return [...set].filter((f) => f.endsWith('.py')).sort()
    }
  }
}

/** @typedef {ReturnType<typeof buildRepo>} Repo */

/**
 * Tests failing in a state; `flakyHit` says whether flaky tests fail on this particular run.
 * @param {Task} task @param {BugState[]} state @param {boolean} flakyHit
 * @returns {{ collectionBug: number, failing: { bug: number, test: string }[] }}
 */
export function failingTests(task, state, flakyHit) {
  const failing = []
  let collectionBug = -1
  task.bugs.forEach((b, i) => {
    if (state[i] === 'fixed') return
    if (b.collection && collectionBug < 0) collectionBug = i
    if (b.flaky && state[i] === 'bug' && !flakyHit) return
    const names = state[i] === 'bug' ? b.tests : (b.wrongTests ?? b.tests)
    for (const test of names) if (!failing.some((f) => f.test === test)) failing.push({ bug: i, test })
  })
  return { collectionBug, failing }
}

/** Fraction of tests passing (flaky tests counted as failing): the environment's per-step reward. */
export function passFraction(/** @type {Task} */ task, /** @type {BugState[]} */ state) {
  const total = Object.values(task.testFiles).reduce((s, n) => s + n, 0)
  const { collectionBug, failing } = failingTests(task, state, true)
  const passed = collectionBug >= 0 ? 0 : total - failing.length
  return { passed, total, fraction: passed / total }
}

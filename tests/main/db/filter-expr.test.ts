import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileFilter, FilterError, type FilterFields, type Param } from '../../../src-main/db/filter-expr'
import { registerFoldCase } from '../../../src-main/db/text-contains-sql'

// Like the engine's "passed" SQL, but with the threshold bound (twice) to exercise column parameters.
const PASSED =
  'COALESCE(e.success, CASE WHEN ? IS NULL THEN NULL WHEN e.reward IS NULL THEN 0 WHEN e.reward >= ? THEN 1 ELSE 0 END)'
const fieldsWith = (threshold: number | null): FilterFields => ({
  columns: {
    reward: { sql: 'e.reward', type: 'number' },
    turns: { sql: 'e.turns', type: 'number' },
    task: { sql: 'e.task_key', type: 'string' },
    taskKey: { sql: 'e.task_key', type: 'string' },
    status: { sql: 'e.status', type: 'string' },
    error: { sql: 'e.error', type: 'string' },
    answer: { sql: 'e.answer', type: 'string' },
    passed: { sql: PASSED, type: 'boolean', params: [threshold, threshold] }
  },
  metric: (p) => `json_extract(e.metrics_json, ${p})`,
  info: (p) => `json_extract(e.info_json, ${p})`,
  metricNames: new Set(['correct_answer_reward_func', 'format_reward_func'])
})
const F = fieldsWith(0.5)
const T = [0.5, 0.5] // the `passed` column's own parameters

// id, task_key, reward, turns, status, error, answer, success, metrics, info
const ROWS: [
  number,
  string,
  number | null,
  number,
  string,
  string | null,
  string | null,
  number | null,
  object,
  object
][] = [
  [
    1,
    '1',
    1,
    3,
    'ok',
    null,
    '42',
    null,
    { correct_answer_reward_func: 1, format_reward_func: 0.9 },
    { difficulty: 'hard', archetype: 'Off-By-One', 'a.b': 'dot', 'q"k': 'quote', "x') OR 1=1 --": 'inj' }
  ],
  [
    2,
    '2',
    0,
    12,
    'error',
    'Timeout after 30s',
    null,
    null,
    { correct_answer_reward_func: 0, format_reward_func: 0.5 },
    { difficulty: 'easy', archetype: 'syntax' }
  ],
  [
    3,
    '3',
    0.25,
    8,
    'ok',
    null,
    '7',
    null,
    { correct_answer_reward_func: 0, format_reward_func: 0.85 },
    { difficulty: 'hard', nested: { level: 2 } }
  ],
  [4, '7', null, 15, 'truncated', null, null, null, {}, { difficulty: null }],
  [
    5,
    '7',
    0.9,
    2,
    'ok',
    null,
    "'; DROP TABLE episodes; --",
    1,
    { correct_answer_reward_func: 1, format_reward_func: 1 },
    { difficulty: 'medium', flag: true }
  ],
  [6, '8', 0.3, 20, 'error', 'TIMEOUT', 'x', 0, { correct_answer_reward_func: 0 }, { flag: false, 'a.b': 'other' }]
]

let db: Database.Database
beforeAll(() => {
  db = new Database(':memory:')
  registerFoldCase(db)
  db.exec(`CREATE TABLE episodes (id INTEGER PRIMARY KEY, task_key TEXT NOT NULL, reward REAL, turns INTEGER NOT NULL,
    status TEXT NOT NULL, error TEXT, answer TEXT, success INTEGER, metrics_json TEXT NOT NULL, info_json TEXT NOT NULL)`)
  const insert = db.prepare('INSERT INTO episodes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
  for (const r of ROWS) insert.run(...r.slice(0, 8), JSON.stringify(r[8]), JSON.stringify(r[9]))
})
afterAll(() => db.close())

const ids = (expr: string, fields = F): number[] => {
  const { sql, params } = compileFilter(expr, fields)
  const rows = db.prepare(`SELECT id FROM episodes e WHERE ${sql} ORDER BY id`).all(...params) as { id: number }[]
  return rows.map((r) => r.id)
}

const M = (k: string): string => `$."${k}"`
const CASES: [string, string, Param[], number[]][] = [
  // the examples from the spec
  [
    'reward < 0.5 and info.difficulty == "hard"',
    '(e.reward < ? AND json_extract(e.info_json, ?) = ?)',
    [0.5, M('difficulty'), 'hard'],
    [3]
  ],
  ['not passed and turns > 10', `(${PASSED} = 0 AND e.turns > ?)`, [...T, 10], [2, 4, 6]],
  [
    'status != "ok" or error contains "timeout"',
    '(e.status <> ? OR instr(lower(e.error), ?) > 0)',
    ['ok', 'timeout'],
    [2, 4, 6]
  ],
  [
    'task in ["3", "7"] and metric.correct_answer_reward_func == 1',
    '(e.task_key IN (?, ?) AND json_extract(e.metrics_json, ?) = ?)',
    ['3', '7', M('correct_answer_reward_func'), 1],
    [5]
  ],
  ['format_reward_func >= 0.8', 'json_extract(e.metrics_json, ?) >= ?', [M('format_reward_func'), 0.8], [1, 3, 5]],
  ['answer == null', 'e.answer IS NULL', [], [2, 4]],
  [
    '(reward >= 1 or passed) and info.archetype ~ "off-by"',
    `((e.reward >= ? OR ${PASSED} = 1) AND instr(lower(json_extract(e.info_json, ?)), ?) > 0)`,
    [1, ...T, M('archetype'), 'off-by'],
    [1]
  ],
  // null handling: a missing value matches nothing but `== null`, even under `not`
  ['answer != null', 'e.answer IS NOT NULL', [], [1, 3, 5, 6]],
  ['info.difficulty == null', 'json_extract(e.info_json, ?) IS NULL', [M('difficulty')], [4, 6]],
  ['not (reward > 0.5)', 'NOT (e.reward > ?)', [0.5], [2, 3, 6]],
  ['not (reward > 0.5 or turns > 10)', 'NOT (e.reward > ? OR e.turns > ?)', [0.5, 10], [3]],
  ['error not contains "timeout"', 'NOT (instr(lower(e.error), ?) > 0)', ['timeout'], []],
  ['answer in ["42", null]', '(e.answer IN (?) OR e.answer IS NULL)', ['42'], [1, 2, 4]],
  ['answer in [null]', 'e.answer IS NULL', [], [2, 4]],
  ['reward in []', '0', [], []],
  // booleans
  ['passed == true', `${PASSED} = ?`, [...T, 1], [1, 5]],
  ['passed != false', `${PASSED} <> ?`, [...T, 0], [1, 5]],
  ['!!passed', `${PASSED} = 1`, T, [1, 5]],
  ['info.flag', 'json_extract(e.info_json, ?) = 1', [M('flag')], [5]],
  ['not info.flag', 'json_extract(e.info_json, ?) = 0', [M('flag')], [6]],
  // odd keys, nested paths, aliases
  ['info."a.b" == "dot"', 'json_extract(e.info_json, ?) = ?', [M('a.b'), 'dot'], [1]],
  [`info.'q"k' == 'quote'`, 'json_extract(e.info_json, ?) = ?', ['$."q\\"k"', 'quote'], [1]],
  ['info."q\\"k" == "quote"', 'json_extract(e.info_json, ?) = ?', ['$."q\\"k"', 'quote'], [1]],
  ['info.nested.level >= 2', 'json_extract(e.info_json, ?) >= ?', ['$."nested"."level"', 2], [3]],
  [
    'info.null == null and info.in == null',
    '(json_extract(e.info_json, ?) IS NULL AND json_extract(e.info_json, ?) IS NULL)',
    [M('null'), M('in')],
    [1, 2, 3, 4, 5, 6]
  ],
  ['info.v2.5 == null', 'json_extract(e.info_json, ?) IS NULL', ['$."v2"."5"'], [1, 2, 3, 4, 5, 6]],
  ['Metrics.format_reward_func == 0.5', 'json_extract(e.metrics_json, ?) = ?', [M('format_reward_func'), 0.5], [2]],
  [
    'correct_answer_reward_func == 0',
    'json_extract(e.metrics_json, ?) = ?',
    [M('correct_answer_reward_func'), 0],
    [2, 3, 6]
  ],
  // spellings, case, precedence, numbers
  ['task not in ["7", "8"]', 'NOT (e.task_key IN (?, ?))', ['7', '8'], [1, 2, 3]],
  ['taskKey in ("7")', 'e.task_key IN (?)', ['7'], [4, 5]],
  ['REWARD > 0.5 AND Turns < 5', '(e.reward > ? AND e.turns < ?)', [0.5, 5], [1, 5]],
  [
    'reward > 0.5 && turns < 5 || status = "truncated"',
    '((e.reward > ? AND e.turns < ?) OR e.status = ?)',
    [0.5, 5, 'truncated'],
    [1, 4, 5]
  ],
  [
    'reward > 0.5 or turns > 10 and status == "error"',
    '(e.reward > ? OR (e.turns > ? AND e.status = ?))',
    [0.5, 10, 'error'],
    [1, 2, 5, 6]
  ],
  ['reward >= -1e-3 and reward <= 2.5E0', '(e.reward >= ? AND e.reward <= ?)', [-0.001, 2.5], [1, 2, 3, 5, 6]],
  ['reward<.5', 'e.reward < ?', [0.5], [2, 3, 6]],
  ['reward <> 0', 'e.reward <> ?', [0], [1, 3, 5, 6]],
  ["status ~ 'TRUNC'", 'instr(lower(e.status), ?) > 0', ['trunc'], [4]],
  ['status < "f"', 'e.status < ?', ['f'], [2, 6]],
  // injection attempts stay literal parameters
  [`answer == '\\'; DROP TABLE episodes; --'`, 'e.answer = ?', ["'; DROP TABLE episodes; --"], [5]],
  [`status == "ok' OR '1'='1"`, 'e.status = ?', ["ok' OR '1'='1"], []],
  [`info."x') OR 1=1 --" == "inj"`, 'json_extract(e.info_json, ?) = ?', ['$."x\') OR 1=1 --"', 'inj'], [1]],
  ['   ', '1', [], [1, 2, 3, 4, 5, 6]]
]

describe('contains ignores case beyond ASCII, as the app lower-cases', () => {
  it('finds "École" typed as École, ÉCOLE or école, with fold_case only for a non-ASCII needle', () => {
    const one = new Database(':memory:')
    registerFoldCase(one)
    one.exec(`CREATE TABLE episodes (id INTEGER PRIMARY KEY, error TEXT)`)
    one.prepare('INSERT INTO episodes VALUES (?, ?)').run(1, 'École fermée')
    one.prepare('INSERT INTO episodes VALUES (?, ?)').run(2, 'ÉCOLE FERMÉE')
    one.prepare('INSERT INTO episodes VALUES (?, ?)').run(3, 'ecole')
    const found = (expr: string): number[] => {
      const { sql, params } = compileFilter(expr, F)
      return (one.prepare(`SELECT id FROM episodes e WHERE ${sql} ORDER BY id`).all(...params) as { id: number }[]).map(
        (r) => r.id
      )
    }
    // SQLite's lower() alone: instr(lower('École'), 'école') = 0, and this found nothing
    expect(found('error ~ "École"')).toEqual([1, 2])
    expect(found('error ~ "ÉCOLE"')).toEqual([1, 2])
    expect(found('error ~ "fermée"')).toEqual([1, 2])
    expect(found('error ~ "cole"')).toEqual([1, 2, 3])
    expect(compileFilter('error ~ "cole"', F).sql).toBe('instr(lower(e.error), ?) > 0')
    expect(compileFilter('error ~ "Éc"', F)).toEqual({ sql: 'instr(fold_case(e.error), ?) > 0', params: ['éc'] })
    one.close()
  })
})

describe('compileFilter', () => {
  it.each(CASES)('%s', (expr, sql, params, expected) => {
    expect(compileFilter(expr, F)).toEqual({ sql, params })
    expect(ids(expr)).toEqual(expected)
  })

  it('keeps the table intact after injection attempts', () => {
    ids(`answer == '\\'; DROP TABLE episodes; --'`)
    expect((db.prepare('SELECT count(*) n FROM episodes').get() as { n: number }).n).toBe(6)
  })

  it('decodes string escapes', () => {
    expect(compileFilter(String.raw`answer == "a\tb\n\u00e9\\\x"`, F).params).toEqual(['a\tb\né\\x'])
  })

  it('treats an unknown `passed` (NULL) as matching neither passed nor not passed', () => {
    const noThreshold = fieldsWith(null) // only the format's own success flag decides: rows 5 (1) and 6 (0)
    expect(ids('passed', noThreshold)).toEqual([5])
    expect(ids('not passed', noThreshold)).toEqual([6])
    expect(ids('passed == null', noThreshold)).toEqual([1, 2, 3, 4])
  })

  it('binds one path copy per placeholder use and wraps compound host SQL', () => {
    const fields: FilterFields = {
      ...F,
      columns: { both: { sql: 'e.turns + ?', type: 'number', params: [100] } },
      metric: (p) => `CASE WHEN json_type(e.metrics_json, ${p}) = 'integer' THEN json_extract(e.metrics_json, ${p}) END`
    }
    const got = compileFilter('format_reward_func == 1 or both > 110', fields)
    expect(got.sql).toBe(
      "((CASE WHEN json_type(e.metrics_json, ?) = 'integer' THEN json_extract(e.metrics_json, ?) END) = ? OR (e.turns + ?) > ?)"
    )
    expect(got.params).toEqual([M('format_reward_func'), M('format_reward_func'), 1, 100, 110])
    expect(ids('format_reward_func == 1 or both > 110', fields)).toEqual([2, 4, 5, 6])
  })

  it('accepts the limits exactly', () => {
    expect(compileFilter('('.repeat(50) + 'passed' + ')'.repeat(50), F).sql).toBe(`${PASSED} = 1`)
    expect(compileFilter('not '.repeat(50) + 'passed', F).sql).toBe(`${PASSED} = 1`)
    const list = Array.from({ length: 500 }, (_, i) => `"${i}"`).join(',')
    expect(compileFilter(`task in [${list}]`, F).params).toHaveLength(500)
    expect(ids(`task in [${list}]`)).toEqual([1, 2, 3, 4, 5, 6])
    expect(() => compileFilter(`answer == "${'x'.repeat(3988)}"`, F)).not.toThrow() // 4000 chars
  })
})

const list501 = `task in [${Array.from({ length: 501 }, () => '"1"').join(', ')}]`
const ERRORS: [string, string, number][] = [
  ['rewrd < 0.5', 'Unknown field "rewrd" at column 1 — did you mean "reward"?', 0],
  [
    'turns > 1 and corect_answer_reward_func == 1',
    'Unknown field "corect_answer_reward_func" at column 15 — did you mean "correct_answer_reward_func"?',
    14
  ],
  [
    'toString == 1',
    'Unknown field "toString" at column 1 — use info.toString or metric.toString for info and metric fields',
    0
  ],
  ['foo > 1', 'Unknown field "foo" at column 1 — use info.foo or metric.foo for info and metric fields', 0],
  ['turns > 3 and reward <', 'Expected a value after "<" at column 23', 22],
  ['status == ok', 'Expected a value after "==" at column 11 — put text in quotes: "ok"', 10],
  ['task in ["1",', 'Unclosed "[" at column 9', 8],
  ['task in ["1",,]', 'Expected a value after "," at column 14', 13],
  ['task in ["3" "7"]', 'Expected "," or "]" before "7" at column 14', 13],
  ['task in "3"', 'Expected "[" after "in" at column 9 — e.g. task in ["3", "7"]', 8],
  ['turns > 1 and info.x == "abc', 'Unclosed string starting at column 25', 24],
  ["answer == 'it\\'", 'Unclosed string starting at column 11', 10],
  ['(reward > 1))', 'Unexpected ")" at column 13', 12],
  ['reward)', 'Unexpected ")" at column 7', 6],
  ['  (reward > 1', 'Unclosed "(" at column 3', 2],
  ['(reward > 1 turns', 'Expected "and", "or" or ")" before "turns" at column 13', 12],
  ['reward > 1 and', 'Expected a condition after "and" at column 15', 14],
  ['!', 'Expected a condition after "!" at column 2', 1],
  ['and', 'Unexpected "and" at column 1', 0],
  ['reward > 1 turns < 3', 'Expected "and" or "or" before "turns" at column 12', 11],
  ['reward > 1 and turns < 3 passed', 'Expected "and" or "or" before "passed" at column 26', 25],
  ['reward 0.5', 'Expected an operator before "0.5" at column 8 — e.g. ==, !=, <, >=, ~, in', 7],
  ['status "ok"', 'Expected an operator before "ok" at column 8 — e.g. ==, !=, <, >=, ~, in', 7],
  ['reward === 1', 'Expected a value after "==" at column 10', 9],
  ['0.5 > reward', 'Expected a field name but found "0.5" at column 1 — write the field first, e.g. reward > 0.5', 0],
  ['turns == "x"', 'Cannot compare "turns" (a number) with "x" (text) at column 10', 9],
  ['turns == "3"', 'Cannot compare "turns" (a number) with "3" (text) at column 10 — remove the quotes', 9],
  ['task == 3', 'Cannot compare "task" (text) with 3 (a number) at column 9 — put the value in quotes: "3"', 8],
  [
    'task in ["3", 7]',
    'Cannot compare "task" (text) with 7 (a number) at column 15 — put the value in quotes: "7"',
    14
  ],
  ['passed == 1', 'Cannot compare "passed" (true/false) with 1 (a number) at column 11 — use true or false', 10],
  ['reward == true', 'Cannot compare "reward" (a number) with true (true/false) at column 11', 10],
  ['passed < true', '"<" does not work on "passed" (true/false) at column 8 — use == or !=', 7],
  ['turns contains "1"', '"contains" does not work on "turns" (a number) at column 7', 6],
  ['reward < null', 'Cannot use "<" with null at column 10 — use == null or != null', 9],
  ['status ~ null', 'Cannot use "~" with null at column 10 — use == null or != null', 9],
  ['reward', 'Expected a comparison after "reward" at column 7 — "reward" is a number, e.g. reward > 0', 6],
  ['not status', 'Expected a comparison after "status" at column 11 — "status" is text, e.g. status == "x"', 10],
  ['reward @ 1', 'Unexpected character "@" at column 8', 7],
  ['reward > 1 & turns > 1', 'Unexpected character "&" at column 12', 11],
  ['reward > 10abc', 'Invalid number "10abc" at column 10', 9],
  ['reward > 1.2.3', 'Invalid number "1.2.3" at column 10', 9],
  ['reward > 1e999', 'Invalid number "1e999" at column 10', 9],
  ['info. == 1', 'Expected a key after "info." at column 6 — quote odd keys: info."a.b"', 5],
  ['foo.bar == 1', 'Unexpected "." after "foo" at column 4 — only info.<key> and metric.<key> have parts', 3],
  ['a'.repeat(4001), 'Expression too long (4001 characters, the limit is 4000) at column 4001', 4000],
  ['('.repeat(51) + 'passed' + ')'.repeat(51), 'Too deeply nested (over 50 levels) at column 51', 50],
  ['not '.repeat(51) + 'passed', 'Too deeply nested (over 50 levels) at column 201', 200],
  [list501, 'Too many items in list (the limit is 500) at column 2510', 2509]
]

describe('compileFilter errors', () => {
  const short = (e: string): string => (e.length > 60 ? `${e.slice(0, 57)}...` : e)
  it.each(ERRORS.map(([e, m, p]) => [short(e), e, m, p] as const))('%s', (_title, expr, message, position) => {
    let caught: unknown
    try {
      compileFilter(expr, F)
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(FilterError)
    expect((caught as FilterError).message).toBe(message)
    expect((caught as FilterError).position).toBe(position)
  })
})

/**
 * index-terms.ts reads FTS5's leaf pages for the words that start with a prefix: it must list what fts5vocab lists
 * (the same words, in the same order, and 'more' past the limit), on indexes of many segments and pages, after
 * merges, and with deleted rows (then it may list more: a word whose rows are all deleted stays on its page).
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src-main/db/migrate'
import { indexTermsFromPages, leafTerms } from '../../../src-main/search/index-terms'
import { prefixWords } from '../../../src-main/search/prefix-words'

type Op =
  { kind: 'insert'; rows: string[] } | { kind: 'delete'; every: number } | { kind: 'merge' } | { kind: 'optimize' }

// a small alphabet: many words share each prefix, some recur in most rows (doclists over several pages)
const word = fc
  .array(fc.constantFrom('a', 'b', 't', '6', 'é', 'e'), { minLength: 1, maxLength: 7 })
  .map((cs) => cs.join(''))
const row = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 12 }), fc.boolean())
  .map(([ws, common]) => (common ? ['ab', 'ab', 'tea', ...ws] : ws).join(' '))
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(row, { minLength: 1, maxLength: 40 }).map((rows) => ({ kind: 'insert', rows }) as Op)
  },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 5 }).map((every) => ({ kind: 'delete', every }) as Op) },
  { weight: 1, arbitrary: fc.constant({ kind: 'merge' } as Op) },
  { weight: 1, arbitrary: fc.constant({ kind: 'optimize' } as Op) }
)

function build(pgsz: number, ops: Op[]): { db: Database.Database; deleted: boolean } {
  const db = new Database(':memory:')
  migrate(db)
  // FTS5 takes its commands as literals only
  const control = (command: string, value: number | null): void => {
    db.exec(`INSERT INTO search_fts (search_fts, rank) VALUES ('${command}', ${value})`)
  }
  control('pgsz', pgsz)
  control('automerge', 2)
  const add = db.prepare('INSERT INTO search_fts (rowid, text, role, tool) VALUES (?, ?, ?, NULL)')
  let next = 1
  let deleted = false
  for (const o of ops) {
    if (o.kind === 'insert') {
      // one transaction, one new segment
      db.transaction(() => o.rows.forEach((text) => add.run(next++, text, 'user')))()
    } else if (o.kind === 'delete') {
      const del = db.prepare('DELETE FROM search_fts WHERE rowid = ?')
      db.transaction(() => {
        for (let id = 1; id < next; id += o.every) del.run(id)
      })()
      deleted = next > 1
    } else if (o.kind === 'merge') control('merge', 4)
    else control('optimize', null)
  }
  return { db, deleted }
}

const vocabOf = (db: Database.Database) => {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.v USING fts5vocab(main, 'search_fts', 'row')`)
  const st = db.prepare('SELECT term FROM temp.v WHERE term >= ? AND term < ?').pluck()
  return (p: string): string[] =>
    st.all(p, p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1)) as string[]
}

describe('index terms read from the leaf pages', () => {
  it('lists what fts5vocab lists, in its order, and more only past the limit (random indexes and prefixes)', () => {
    let compared = 0
    let paged = 0
    fc.assert(
      fc.property(
        fc.constantFrom(64, 128, 4050),
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom('a', 'ab', 'b', 't', 't6', 'te', 'tea', 'e', '6', 'ba', 'x', 'aab'), {
          minLength: 1,
          maxLength: 6
        }),
        fc.integer({ min: 1, max: 40 }),
        (pgsz, ops, prefixes, most) => {
          const { db, deleted } = build(pgsz, ops)
          try {
            const vocab = vocabOf(db)
            paged = Math.max(paged, db.prepare('SELECT count(*) FROM search_fts_data').pluck().get() as number)
            for (const p of prefixes) {
              const live = vocab(p)
              const got = indexTermsFromPages(db, p, most)
              expect(got, p).not.toBeNull()
              if (!deleted) {
                expect(got, p).toEqual(live.length > most ? 'more' : live)
              } else if (got !== 'more') {
                // every live word, in index order, and only words that start so
                expect(
                  got!.filter((w) => live.includes(w)),
                  p
                ).toEqual(live)
                expect(got!.every((w) => w.startsWith(p))).toBe(true)
              } else expect(live.length <= most || got === 'more').toBe(true)
              compared++
            }
          } finally {
            db.close()
          }
        }
      ),
      { numRuns: 150 }
    )
    expect(compared).toBeGreaterThan(300)
    expect(paged).toBeGreaterThan(50) // indexes of many pages were tried
  })

  it('prefixWords answers from the pages, and a page that does not parse is not read as one', () => {
    const { db } = build(64, [{ kind: 'insert', rows: ['tea team test', 'tests tester'] }])
    expect(prefixWords(db, 'te')).toEqual(['tea', 'team', 'test', 'tester', 'tests'])
    expect(leafTerms(Buffer.from([0, 0, 0, 2]))).toBeNull() // the footer inside the header
    expect(leafTerms(Buffer.from([0, 0, 0, 5, 9, 0x7f]))).toBeNull() // a term offset past the footer
    // a format this does not know, or a leaf missing that the segment still has: the caller asks fts5vocab
    const asIf = (sql: RegExp, value: unknown): Database.Database =>
      ({
        transaction: (fn: () => unknown) => fn,
        prepare: (q: string) => (sql.test(q) ? { pluck: () => ({ get: () => value }) } : db.prepare(q))
      }) as unknown as Database.Database
    expect(indexTermsFromPages(asIf(/search_fts_config/, 99), 'te', 64)).toBeNull()
    expect(indexTermsFromPages(asIf(/SELECT block/, undefined), 'te', 64)).toBeNull()
    db.close()
  })
})

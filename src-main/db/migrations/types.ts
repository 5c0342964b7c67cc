import type Database from 'better-sqlite3'

/** One numbered, append-only schema step. Never edit one that has shipped: add a new one. */
export interface Migration {
  version: number
  name: string
  /** Run with foreign-key enforcement off (needed to rebuild a table others reference); checked afterwards. */
  foreignKeysOff?: boolean
  up(db: Database.Database): void
}

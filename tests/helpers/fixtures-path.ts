import { resolve } from 'node:path'

/** The real trace fixtures beside the project (../shared/fixtures); read at test time, never copied. */
export const FIXTURES = resolve(import.meta.dirname, '../../../shared/fixtures')

/** Absolute path of a fixture, relative to FIXTURES. */
export const fixture = (rel: string): string => resolve(FIXTURES, rel)

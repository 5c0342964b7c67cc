import { resolve } from 'node:path'

/** The real trace fixtures beside the project (../shared/fixtures); read at test time, never copied. */
export const FIXTURES = resolve(import.meta.dirname, '../../../shared/fixtures')

/** Absolute path of a real fixture, relative to FIXTURES. */
export const fixture = (rel: string): string => resolve(FIXTURES, rel)

/** The project's own small synthetic fixtures (tests/fixtures): shapes the real corpus lacks. */
export const OWN_FIXTURES = resolve(import.meta.dirname, '../fixtures')

/** Absolute path of one of the project's own fixtures, relative to OWN_FIXTURES. */
export const ownFixture = (rel: string): string => resolve(OWN_FIXTURES, rel)

import type { Migration } from './types'
import { migration0001 } from './0001-initial-schema'

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [migration0001]

import type { Migration } from './types'
import { migration0001 } from './0001-initial-schema'
import { migration0002 } from './0002-episode-step'
import { migration0003 } from './0003-multi-file-runs'
import { migration0004 } from './0004-source-tail-signature'
import { migration0005 } from './0005-episode-task-index'
import { migration0006 } from './0006-episode-tool-calls'
import { migration0007 } from './0007-search-index'
import { migration0008 } from './0008-episode-anomalies'
import { migration0009 } from './0009-anomaly-recheck'
import { migration0010 } from './0010-search-prefix-index'
import { migration0011 } from './0011-episode-steps-scoring'
import { migration0012 } from './0012-episode-step-source-index'
import { migration0013 } from './0013-search-contentless'
import { migration0015 } from './0015-writer-lock'
import { migration0016 } from './0016-episode-fingerprint'
import { migration0017 } from './0017-search-plain-text'
import { migration0018 } from './0018-episode-sort-indexes'
import { migration0019 } from './0019-source-content-error'
import { migration0020 } from './0020-forget-gone-sources'
import { migration0021 } from './0021-search-rows-again'
import { migration0022 } from './0022-search-row-places'
import { migration0023 } from './0023-search-cjk-characters'
import { migration0024 } from './0024-episode-head-skips'

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
  migration0023,
  migration0024
]

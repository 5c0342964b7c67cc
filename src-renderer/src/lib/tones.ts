import type { EpisodeStatus, SourceState } from '@contract/model'

/** Badge colour of a file's index state. */
export function sourceStateTone(state: SourceState): string {
  switch (state) {
    case 'indexed':
      return 'ok'
    case 'unchanged':
    case 'sidecar':
      return 'muted'
    case 'pending':
      return 'info'
    case 'not-downloaded':
    case 'unknown-format':
      return 'warn'
    case 'error':
      return 'bad'
  }
}

/** Badge colour of an episode status. */
export function episodeStatusTone(status: EpisodeStatus): string {
  switch (status) {
    case 'ok':
      return 'ok'
    case 'truncated':
      return 'warn'
    case 'cancelled':
      return 'muted'
    case 'error':
      return 'bad'
  }
}

/**
 * The words a file's state is shown with: indexed, unchanged, companion, skipped (not a trace / not
 * downloaded) or failed. The machine names stay as they are in the API and `index --json`.
 */
export function sourceStateLabel(state: SourceState): string {
  switch (state) {
    case 'indexed':
    case 'unchanged':
    case 'pending':
      return state
    case 'sidecar':
      return 'companion'
    case 'not-downloaded':
      return 'skipped: LFS pointer'
    case 'unknown-format':
      return 'skipped: not a trace'
    case 'error':
      return 'failed'
  }
}

/** What a source state means, for its tooltip. */
export function sourceStateHint(state: SourceState): string {
  switch (state) {
    case 'pending':
      return 'Queued for indexing'
    case 'indexed':
      return 'Indexed'
    case 'unchanged':
      return 'Unchanged since the last index (same size and modification time)'
    case 'sidecar':
      return 'Companion file, read together with its main file'
    case 'not-downloaded':
      return 'A Git LFS pointer: the real content was never downloaded (run git lfs pull)'
    case 'unknown-format':
      return 'No known trace format matched this file'
    case 'error':
      return 'Could not be read or parsed'
  }
}

/**
 * The side files of a NeMo Gym data folder (FORMATS.md §6.3), recognized by content and reported as
 * sidecars (no runs of their own) so they never show up as unknown files or as empty runs:
 * - `example.jsonl`: the inputs (`responses_create_params` without a `response`): the dataset the
 *   rollouts were collected from, not a trace;
 * - `*_aggregate_metrics.json`: `[{agent_ref, agent_metrics, key_metrics, group_level_metrics}]`,
 *   read into the run header of the rollouts file beside it (nemoGymRunHeader);
 * - `*_metrics.json`: dataset statistics (`"Number of examples"`, `jsonl_fpath`...), also read into it.
 */
import { basename } from 'node:path'
import type { DocumentAdapter } from '../types'
import { RecordError } from '../types'
import { isObj, type Obj } from './record-fields'
import { defineFormat } from '../define-format'

/** An input row of a NeMo Gym dataset: the request, no response yet. */
const isInputRow = (r: Obj): boolean => isObj(r.responses_create_params) && !('response' in r)

const isAggregate = (doc: unknown): boolean =>
  Array.isArray(doc) &&
  doc.length > 0 &&
  doc.every((a) => isObj(a) && 'agent_ref' in a && (isObj(a.agent_metrics) || isObj(a.key_metrics)))

const isDatasetMetrics = (doc: Obj): boolean =>
  'Number of examples' in doc && ('jsonl_fpath' in doc || 'type' in doc || 'name' in doc)

export const nemoGymFilesAdapter = defineFormat<DocumentAdapter>({
  format: 'nemo-gym',
  // above swe-bench-report and step-jsonl for JSONL read whole
  priority: 90,
  fileKinds: ['json', 'jsonl-grouped'],
  extensions: ['.json', '.jsonl'],
  companions: [],

  matches(doc) {
    if (isAggregate(doc)) return true
    return isObj(doc) && (isDatasetMetrics(doc) || isInputRow(doc))
  },

  // (a rollouts file whose first row lost its response stays a rollouts file)
  matchesFirstRecord: (first, path) => isInputRow(first) && !/rollouts/i.test(basename(path)),

  index: () => [],

  parseEpisode() {
    throw new RecordError('a NeMo Gym side file holds no episodes')
  }
})

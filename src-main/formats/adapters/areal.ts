/**
 * AReaL trajectory dumps (FORMATS.md §9), read from the producer (inclusionAI/AReaL 4aef98d):
 * with `rollout.dump_to_file: true`, `WorkflowExecutor._dump_trajectory` (areal/infra/workflow_executor.py) appends
 * every finished trajectory batch of a task to `<fileroot>/logs/<user>/<experiment>/<trial>/<rollout|eval-rollout>/
 * <tail_version>/<task_id>.jsonl`, one line per sample: `{task_id, sample_idx, seqlen, prompt_len, head_version,
 * tail_version, reward, prompt, completion}` (`json.dumps`), the prompt and completion token ids decoded with their
 * special tokens. `head_version` / `tail_version` are the lowest and highest weight version over the batch's tokens
 * (`traj["versions"]`): the folder is the tail version, the policy version the samples were finished with. The RLVR
 * workflow marks prompt tokens with version -1 (areal/workflow/rlvr.py), so its head version is -1; where the head
 * is a real version, `tail - head` is how many weight updates the generation spanned (interrupted, off-policy).
 *
 * The `rollout` folder of a trial is one training run, `eval-rollout` another; the version folder is the step. The
 * samples of one `task_id` (a task submission: its `n_samples` generations, `sample_idx` 0..n-1) are the GRPO group;
 * `task_id` is a counter, not the dataset's id, so the task key is the prompt's hash (the same prompt pairs across
 * steps) and `task_id` is kept as the group.
 */
import { basename, dirname } from 'node:path'
import { defineFormat } from '../define-format'
import type { EpisodeBody, EpisodeSummaryRecord, JsonlAdapter, JsonlFile, RunHeader } from '../types'
import { RecordError } from '../types'
import { isObj, num, type Obj } from './record-fields'
import { decodedRow, rowBody, rowSummary, trainingRunHeader } from './trainer-row'

/** A dumped sample: the keys `_dump_trajectory` always writes, with their types. */
export const isArealSample = (r: unknown): r is Obj =>
  isObj(r) &&
  Number.isInteger(r.task_id) &&
  Number.isInteger(r.sample_idx) &&
  Number.isInteger(r.tail_version) &&
  'head_version' in r &&
  'reward' in r &&
  typeof r.prompt === 'string' &&
  typeof r.completion === 'string'

type Kind = 'rollout' | 'eval-rollout'

const DUMP_FILE = /^(.*)[\\/](rollout|eval-rollout)[\\/](-?\d+)[\\/][^\\/]+\.jsonl$/

/** What the path says: the trial folder, train or eval rollouts, and the version folder. */
function placeOf(path: string): { trial: string; kind: Kind; version: number } | null {
  const m = DUMP_FILE.exec(path)
  return m ? { trial: m[1], kind: m[2] as Kind, version: Number(m[3]) } : null
}

function summarize(r: Obj, file?: JsonlFile): EpisodeSummaryRecord {
  if (!isArealSample(r))
    throw new RecordError('not an AReaL sample (task_id, sample_idx, versions, prompt, completion)')
  if (!(r.prompt as string).trim()) throw new RecordError('the sample has an empty prompt')
  const reward = num(r.reward)
  const head = num(r.head_version)
  const tail = r.tail_version as number
  const metrics: Record<string, number> = {}
  if (reward !== null) metrics.reward = reward
  // -1 marks prompt tokens (no version): the span only means something between real versions
  if (head !== null && head >= 0) metrics.version_span = tail - head
  const seqlen = num(r.seqlen)
  const promptLen = num(r.prompt_len)
  const place = file ? placeOf(file.path) : null
  // task_id counts submissions, not tasks: it is the group, the prompt is the task
  return rowSummary(decodedRow(r.prompt as string, r.completion as string), {
    reward,
    metrics,
    info: { group: r.task_id as number, head_version: head, tail_version: tail },
    tokensIn: promptLen,
    tokensOut: seqlen !== null && promptLen !== null ? seqlen - promptLen : null,
    rollout: r.sample_idx as number,
    step: place?.version ?? tail
  })
}

function parseEpisode(r: Obj): EpisodeBody {
  if (!isArealSample(r))
    throw new RecordError('not an AReaL sample (task_id, sample_idx, versions, prompt, completion)')
  const { prompt, completion, ...rest } = r
  return rowBody(decodedRow(prompt as string, completion as string), rest, r)
}

function readRunHeader(path: string): RunHeader {
  const place = placeOf(path)
  const trial = place ? place.trial : dirname(path)
  const kind = place?.kind ?? 'rollout'
  return trainingRunHeader(`${basename(dirname(trial))}/${basename(trial)} · ${kind} (AReaL)`, {
    producer: 'AReaL',
    dump: kind,
    setting: 'rollout.dump_to_file'
  })
}

export const arealAdapter = defineFormat<JsonlAdapter>({
  format: 'areal',
  // task_id + sample_idx + head/tail versions: no other JSONL format has them
  priority: 58,
  fileKinds: ['jsonl'],
  extensions: ['.jsonl'],
  companions: [],

  matches: (r) => isArealSample(r),
  // every version folder's task files make the trial's run (its evaluations another)
  runKeyOf: (path) => {
    const place = placeOf(path)
    return place ? `${place.trial}#${place.kind}` : null
  },
  readRunHeader,
  summarize: (r, file) => summarize(r, file),
  parseEpisode: (r) => parseEpisode(r)
})

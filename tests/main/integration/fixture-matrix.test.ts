/**
 * The whole shared corpus indexed in one go, as a user pointing Rollscope at a folder of everything would: every
 * file gets the state and format it should (no adapter steals another's files, no trace is left unknown, every
 * companion file is a sidecar), and the episode counts add up. Per-format details live in tests/main/adapters/.
 */
import { relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SourceStatus } from '@contract/model'
import { fixture } from '../../helpers/fixtures-path'
import { tempEngine } from '../../helpers/temp-engine'

/** [path pattern, state, format, episodes]: the first matching row applies. */
const EXPECTED: [RegExp, SourceStatus['state'], string, number | null][] = [
  [/^harbor-atif\/.*\.trajectory\.(cont-\d+|summarization-\d+-\w+)\.json$/, 'sidecar', 'atif', 0],
  [/^harbor-atif\/.*\.trajectory\.json$/, 'indexed', 'atif', 1],
  [/^harbor-atif\/.*\.traces\.json$/, 'indexed', 'harbor-traces', null],
  [/^inspect-ai\/2025-02-11T15-1[78].*\.eval$/, 'indexed', 'inspect', 10],
  [/^inspect-ai\/log_.*\.(eval|json)$/, 'indexed', 'inspect', 1],
  // the first submitted instance with a trajectory also holds the 21 instances its run report scored whose
  // trajectories are not in the corpus (results-only episodes, issue 12): 22 episodes
  [
    /^mini-swe-agent\/output\/deepseek_chat_dev(_rerun)?\/pydicom__pydicom-901\/.*\.traj\.json$/,
    'indexed',
    'mini-swe-agent',
    22
  ],
  [/^mini-swe-agent\/.*\.traj\.json$/, 'indexed', 'mini-swe-agent', 1],
  [/^mini-swe-agent\/.*(deepseek_chat_dev(_rerun)?\.json|preds\.json|report\.json)$/, 'sidecar', 'swe-bench-report', 0],
  [/^nemo-gym\/.*\/example_rollouts\.jsonl$/, 'indexed', 'nemo-gym', 5],
  [/^nemo-gym\/.*\/example(_metrics|_rollouts_aggregate_metrics)?\.jsonl?$/, 'sidecar', 'nemo-gym', 0],
  [/^prime-hosted-rl-run\/.*\/results\.jsonl$/, 'indexed', 'prime-hosted-rl', 25],
  [/^prime-hosted-rl-run\/.*\/(metadata|progress|usage|rollouts_raw)\.json$/, 'sidecar', 'prime-hosted-rl', 0],
  [/^swe-agent\/.*\.traj$/, 'indexed', 'swe-agent', 1],
  [/^swe-agent\/.*all_preds\.jsonl$/, 'sidecar', 'swe-bench-report', 0],
  [/^tau-bench\/.*\.json$/, 'indexed', 'tau-bench', 12],
  [
    /^verifiers\/.*\/_lfs-pointer-example\/.*results\.jsonl$|polars-env.*\/results\.jsonl$/,
    'not-downloaded',
    'lfs-pointer',
    0
  ],
  [/^verifiers\/.*\/metadata\.json$/, 'sidecar', 'verifiers-metadata', 0],
  [/^verifiers\/.*mcp-env.*\/results\.jsonl$/, 'indexed', 'verifiers', 3],
  [/^verifiers\/.*\/results\.jsonl$/, 'indexed', 'verifiers', 15]
]

let files: SourceStatus[]
const root = fixture('')
beforeAll(async () => {
  const { engine } = tempEngine()
  files = (await engine.indexPaths([root])).files
}, 120_000)

describe('the whole shared corpus', () => {
  it('every file gets the state and format it should', () => {
    expect(files.length).toBeGreaterThan(60)
    const wrong = files
      .map((f) => {
        const rel = relative(root, f.path)
        const rule = EXPECTED.find(([re]) => re.test(rel))
        if (!rule) return `${rel}: no expectation (${f.state} ${f.format})`
        const [, state, format, episodes] = rule
        const ok = f.state === state && f.format === format && (episodes === null || f.episodes === episodes)
        return ok
          ? null
          : `${rel}: got ${f.state} ${f.format} ${f.episodes} (${f.error ?? ''}), want ${state} ${format} ${episodes ?? ''}`
      })
      .filter(Boolean)
    expect(wrong).toEqual([])
  })

  it('nothing failed and nothing is left unrecognized', () => {
    expect(
      files.filter((f) => f.state === 'error' || f.state === 'unknown-format').map((f) => relative(root, f.path))
    ).toEqual([])
  })
})

/** Property-based robustness of the SWE-agent, mini-swe-agent and SWE-bench adapters (random, mutated and truncated files). */
import { readFileSync } from 'node:fs'
import { describe, it } from 'vitest'
import { sweAgentAdapter } from '../../../src-main/formats/adapters/swe-agent'
import { miniSweAgentAdapter } from '../../../src-main/formats/adapters/mini-swe-agent'
import { sweBenchAdapter } from '../../../src-main/formats/adapters/swe-bench'
import { checkDocumentAdapterProperties, checkTruncatedFilesIndex } from '../../helpers/adapter-properties'
import { fixture, ownFixture } from '../../helpers/fixtures-path'

const sample = (p: string): { doc: unknown; path: string } => ({ doc: JSON.parse(readFileSync(p, 'utf8')), path: p })

const SWE = [
  fixture('swe-agent/v0.x/gpt4__swe-bench-dev-easy_first_only/pydicom__pydicom-1458.traj'),
  fixture('swe-agent/v1.0-function-calling/marshmallow-code__marshmallow-1867.traj'),
  ownFixture('swe-agent/enigma-ctf/warmup.traj'),
  ownFixture('swe-agent/v1.0-with-messages/marshmallow-code__marshmallow-1867.traj'),
  ownFixture('swe-agent/v1.0-messages-only/astropy__astropy-12907.traj'),
  ownFixture('swe-agent/v1.1-nested/django__django-11099/django__django-11099.traj')
]
const MINI = [
  fixture('mini-swe-agent/output/deepseek_chat_dev/sqlfluff__sqlfluff-2419/sqlfluff__sqlfluff-2419.traj.json'),
  fixture('mini-swe-agent/fixtures/github_issue.traj.json'),
  fixture('mini-swe-agent/fixtures/local.traj.json'),
  ownFixture('mini-swe-agent/v1-run/psf__requests-2317/psf__requests-2317.traj.json'),
  ownFixture('mini-swe-agent/v1-run/astropy__astropy-14182/astropy__astropy-14182.traj.json')
]
const BENCH = [
  fixture('mini-swe-agent/deepseek__deepseek-chat.deepseek_chat_dev.json'),
  fixture(
    'mini-swe-agent/swebench-harness-logs/logs/run_evaluation/deepseek_bench_eval/deepseek__deepseek-chat/pydicom__pydicom-901/report.json'
  ),
  fixture('mini-swe-agent/output/deepseek_chat_dev_rerun/preds.json'),
  ownFixture('swe-bench/predictions-list.json')
]

describe('adapter properties: swe-agent / mini-swe-agent / swe-bench', () => {
  it('swe-agent: random and mutated trajectories never throw out of index / parseEpisode', () => {
    // the first sample's path (a .traj) is used for every document: mutations stay claimable
    checkDocumentAdapterProperties(sweAgentAdapter, SWE.map(sample), 150)
  })

  it('mini-swe-agent: random and mutated trajectories never throw out of index / parseEpisode', () => {
    checkDocumentAdapterProperties(miniSweAgentAdapter, MINI.map(sample), 150)
  })

  it('swe-bench: random and mutated reports never throw', () => {
    checkDocumentAdapterProperties(sweBenchAdapter, BENCH.map(sample), 100)
  })

  it('truncated and corrupted trajectories and reports always get a status', async () => {
    await checkTruncatedFilesIndex(
      [
        { bytes: readFileSync(ownFixture('swe-agent/enigma-ctf/warmup.traj')), name: 'warmup.traj' },
        {
          bytes: readFileSync(ownFixture('swe-agent/v1.1-nested/sympy__sympy-20590/sympy__sympy-20590.traj')),
          name: 'sympy__sympy-20590.traj'
        },
        { bytes: readFileSync(fixture('mini-swe-agent/fixtures/local.traj.json')), name: 'local.traj.json' },
        {
          bytes: readFileSync(ownFixture('mini-swe-agent/v1-run/pallets__flask-4992/pallets__flask-4992.traj.json')),
          name: 'pallets__flask-4992.traj.json'
        },
        { bytes: readFileSync(ownFixture('swe-bench/all_preds.jsonl')), name: 'all_preds.jsonl' }
      ],
      30
    )
  }, 60_000)
})

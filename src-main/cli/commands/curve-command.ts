/** `rollscope curve RUN`: a training run's per-step statistics over each step's whole batch, tasks learned and forgotten. */
import { runPositional } from '../args'
import { callApi, dbExists, noDbMessage, type CommandSpec } from '../context'
import { CommandFailure, EXIT_OK } from '../errors'
import { chooseOutput } from '../output-choice'
import { resolveRun } from '../resolve-run'
import { curveMarkdown } from '../../report/curve-markdown'
import { formatCurve } from '../../report/curve-text'

export const curveCommand: CommandSpec = {
  name: 'curve',
  summary: "a training run's curve: per step the whole batch's reward, σ, pass rate, steps, tokens",
  help: `Usage: rollscope curve RUN [--json | --md] [--db FILE]

Reads a training run (episodes that carry a training step, e.g. a Prime hosted-RL export) step by
step: per step the whole batch the trainer wrote (every rollout, whichever tasks it sampled) with
its episodes, tasks, mean reward, σ, range, pass rate, mean steps, tokens, the share of GRPO groups
without signal (all rollouts of a task rewarded alike) and the truncated and errored shares; then
the tasks learned (passed after failing) and forgotten (failed after passing), read over the steps
each task was sampled at. A run without training steps is refused.
RUN is a run id, a run name, a folder of its source path, or a unique prefix of these (see: rollscope runs).

Options:
  --json      print the TrainingCurve as one JSON document (runId, runName, points[] {step,
              episodes, tasks, meanReward, rewardStd, rewardMin, rewardMax, passRate, meanSteps,
              meanMessages, tokensIn, tokensOut, noSignalShare, groups, truncatedShare,
              errorShare}, tasks[] {taskKey, passed[], learnedAt, forgotten}, followedTasks,
              warnings[])
  --md        print the Markdown report
  --db FILE   database file (default: $ROLLSCOPE_DB, else the app's per-user database)
  -h, --help  show this help

Exit status: 1 when the run does not exist; 2 on bad usage (a run without training steps included).`,
  options: {
    md: { type: 'boolean' }
  },
  async run(ctx) {
    const runArg = runPositional(ctx.positionals, 'curve')
    const output = chooseOutput(ctx)
    if (!dbExists(ctx)) throw new CommandFailure(noDbMessage(ctx))

    const engine = await ctx.openEngine('cli')
    const run = resolveRun(await callApi(ctx, engine, 'listRuns'), runArg)
    const curve = await callApi(ctx, engine, 'trainingCurve', run.id)
    if (output.kind === 'json') ctx.printJson(curve)
    else if (output.kind === 'md') ctx.print(curveMarkdown(curve))
    else ctx.print(formatCurve(curve))
    return EXIT_OK
  }
}

/** Simulates one repo-repair episode (a chat-JSONL row) for a planned outcome and a policy profile. */
import { passFraction } from './repo.mjs'
import { parsePytestCommand, renderPytest } from './pytest-output.mjs'
import { catFile, findPy, gitDiff, gitStatus, grep, lsRoot, pyproject, readme } from './shell-output.mjs'
import { SAY, envError, TOOLS, finalAnswer, systemPrompt, userPrompt } from './narration.mjs'

/**
 * @typedef {object} Profile how a model behaves
 * @property {'base' | 'trained'} key
 * @property {string} model
 * @property {[number, number]} explore min/max exploratory commands
 * @property {number} loopP chance of re-running an identical command for nothing
 * @property {number} wrongP chance of trying the wrong fix first
 * @property {number} thinkP chance an assistant turn carries reasoning_content
 * @property {number} diffP chance of reviewing `git diff` before finishing
 * @property {number} claimP chance a failed episode claims success anyway
 * @property {number} maxTools tool-call limit (the episode is truncated when reached)
 */

/** @typedef {'success' | 'partial' | 'truncated' | 'error'} Outcome */

const round4 = (/** @type {number} */ x) => Math.round(x * 1e4) / 1e4

/** Short text of a recorded call, for error messages. @param {string} last JSON [name, args] */
function describeCall(last) {
  const [name, args] = JSON.parse(last)
  return name === 'bash' ? args.command : `${name} ${args.path}`
}

/** The most telling identifier of a buggy line (what an agent would grep for). @param {string} line */
function grepToken(line) {
  const tokens = line.match(/[A-Za-z_][\w.]*/g) ?? ['def']
  return tokens.reduce((a, b) => (b.length > a.length ? b : a))
}

/**
 * @param {{ task: import('./task-types.mjs').Task, repo: import('./repo.mjs').Repo, profile: Profile, rollout: number,
 *   outcome: Outcome, rng: import('../prng.mjs').Rng, emptyFinal?: boolean, color?: boolean }} p
 */
export function simulateEpisode(p) {
  const { task, repo, profile: pf, rng } = p
  const nb = task.bugs.length
  const state = /** @type {import('./repo.mjs').BugState[]} */ (task.bugs.map(() => 'bug'))
  /** @type {any[]} */
  const messages = [
    { role: 'system', content: systemPrompt(task) },
    { role: 'user', content: userPrompt(task) }
  ]
  let tools = 0
  let maxProgress = 0
  let durationMs = 0
  let lastCall = ''
  const seen = new Set()

  /** Assistant turn with an optional thought. */
  const assistant = (
    /** @type {string} */ thought,
    /** @type {string} */ visible,
    /** @type {any[] | undefined} */ calls
  ) => {
    /** @type {any} */
    const m = { role: 'assistant', content: visible }
    if (thought && rng.chance(pf.thinkP))
      m.reasoning_content = pf.key === 'base' && rng.chance(0.35) ? `${thought} ${SAY.ramble(rng)}` : thought
    if (calls) m.tool_calls = calls
    messages.push(m)
    durationMs += 350 + ((visible.length + (m.reasoning_content?.length ?? 0)) / 4 / 45) * 1000
  }
  /** One tool call; `run` applies the action and returns the observation. */
  const call = (
    /** @type {string} */ name,
    /** @type {object} */ args,
    /** @type {string} */ thought,
    /** @type {() => string} */ run
  ) => {
    const id = `call_${rng.hex(24)}`
    const visible = pf.key === 'trained' && rng.chance(0.5) ? thought.split('. ')[0].replace(/\.?$/, '.') : ''
    lastCall = JSON.stringify([name, args])
    assistant(thought, visible, [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }])
    tools++
    if (p.outcome === 'error' && tools === errorAt) return false
    const content = run()
    const reward = round4(passFraction(task, state).fraction)
    maxProgress = Math.max(maxProgress, reward)
    messages.push({ role: 'tool', tool_call_id: id, content, reward, done: false })
    durationMs += name === 'bash' && /pytest/.test(JSON.stringify(args)) ? rng.int(700, 3200) : rng.int(20, 180)
    return true
  }
  const bash = (/** @type {string} */ cmd, /** @type {string} */ thought, /** @type {() => string} */ run) =>
    call('bash', { command: cmd }, thought, run)
  const runPytest = (/** @type {string} */ cmd, /** @type {string} */ thought) =>
    bash(
      cmd,
      thought,
      () =>
        renderPytest(repo, state, {
          ...parsePytestCommand(cmd),
          flakyHit: rng.chance(0.65),
          seconds: rng.float(0.2, 2.5)
        }).text
    )
  const pytest = (/** @type {string} */ thought, first = false, color = false) => {
    // Trained policies learned to ask for terse output; base ones mostly take pytest's default long tracebacks.
    const modes =
      pf.key === 'trained'
        ? ['-q --tb=short', '-q --tb=line', '', '-x -q']
        : ['', '-x -q', '-q --tb=short', '-q --tb=line']
    const weights = first
      ? pf.key === 'trained'
        ? [5, 1, 4, 0]
        : [6, 3, 1, 0]
      : pf.key === 'trained'
        ? [6, 3, 1, 0]
        : [2, 2, 5, 1]
    const mode = color ? '' : rng.weighted(modes, weights)
    return runPytest(`python -m pytest${mode ? ' ' + mode : ''}${color ? ' --color=yes' : ''}`, thought)
  }
  const cat = (/** @type {string} */ file, /** @type {string} */ thought) => {
    seen.add(file)
    return bash(`cat ${file}`, thought, () => catFile(repo, file, state))
  }
  const edit = (/** @type {number} */ i, /** @type {'wrong' | 'fixed'} */ to, /** @type {string} */ thought) => {
    const bug = task.bugs[i]
    const from = state[i] === 'bug' ? bug.old : state[i] === 'wrong' ? bug.wrong : bug.fix
    const next = to === 'wrong' ? bug.wrong : bug.fix
    return call('edit_file', { path: bug.file, old_str: from, new_str: next }, thought, () => {
      state[i] = to
      const lines = repo.source(bug.file, state).split('\n')
      const at = repo.lineOf(i, state)
      const snippet = lines
        .slice(Math.max(0, at - 4), at + 3)
        .map((l, k) => `${String(Math.max(1, at - 3) + k).padStart(6)}\t${l}`)
      return `The file ${bug.file} has been edited. Here's the result of running \`cat -n\` on a snippet of ${bug.file}:\n${snippet.join('\n')}\nReview the changes and make sure they are as expected.`
    })
  }
  const repeatLast = (/** @type {string} */ thought) => {
    const [name, args] = JSON.parse(lastCall)
    return name === 'bash' && /pytest/.test(args.command)
      ? runPytest(args.command, thought)
      : bash('ls -la', thought, () => lsRoot(repo))
  }

  // Plan: how many bugs get fixed, and where a failure-bound episode stops.
  const fixCount = p.outcome === 'success' ? nb : rng.int(0, nb - 1)
  const required = 1 + new Set(task.bugs.map((b) => b.file)).size + 2 * fixCount + (p.outcome === 'partial' ? 2 : 0)
  let spare = pf.maxTools - 1 - required
  const errorAt = p.outcome === 'error' ? rng.int(3, Math.max(3, required)) : -1
  const takeSpare = (/** @type {number} */ n) => (spare >= n ? ((spare -= n), true) : false)

  const run = () => {
    const explore = rng.shuffle([
      () => bash('ls -la', SAY.explore(rng), () => lsRoot(repo)),
      () => bash('find . -name "*.py" | sort', SAY.explore(rng), () => findPy(repo)),
      () => bash('git status', SAY.explore(rng), () => gitStatus(repo, state)),
      () => bash('cat README.md', SAY.explore(rng), () => readme(repo)),
      () => bash('cat pyproject.toml', SAY.explore(rng), () => pyproject(repo))
    ])
    const nExplore = rng.int(pf.explore[0], pf.explore[1])
    for (let k = 0; k < nExplore && takeSpare(1); k++) if (!explore[k]()) return
    if (!pytest(SAY.firstRun(rng), true, p.color ?? false)) return
    if (rng.chance(pf.loopP) && takeSpare(1) && !repeatLast(SAY.loop(rng))) return
    for (let i = 0; i < nb; i++) {
      const bug = task.bugs[i]
      if (!seen.has(bug.file)) {
        const token = grepToken(bug.old)
        const ok =
          rng.chance(0.25) && takeSpare(1)
            ? bash(`grep -rn "${token}" src tests`, SAY.locate(bug), () => grep(repo, token, state))
            : true
        if (!ok || !cat(bug.file, SAY.locate(bug))) return
      }
      if (i >= fixCount) break
      if (rng.chance(pf.wrongP) && takeSpare(2)) {
        if (!edit(i, 'wrong', SAY.tryWrong(bug)) || !pytest(SAY.rerun(rng))) return
        if (rng.chance(pf.loopP) && takeSpare(1) && !repeatLast(SAY.loop(rng))) return
      }
      if (
        !edit(i, 'fixed', (state[i] === 'wrong' ? SAY.afterWrong(bug) + ' ' : '') + SAY.diagnose(bug)) ||
        !pytest(SAY.rerun(rng))
      )
        return
    }
    if (p.outcome === 'success' || p.outcome === 'partial' || p.outcome === 'error') {
      if (p.outcome === 'partial' && fixCount < nb) {
        const bug = task.bugs[fixCount]
        if (!edit(fixCount, 'wrong', SAY.tryWrong(bug)) || !pytest(SAY.rerun(rng))) return
      }
      if (rng.chance(pf.diffP) && takeSpare(1) && !bash('git diff', SAY.verifyDiff, () => gitDiff(repo, state))) return
      if (p.outcome === 'error') {
        // Not reached often: the crash happens on the errorAt-th call; pad with test runs until it does.
        while (tools < errorAt) if (!pytest(SAY.rerun(rng))) return
      }
      return
    }
    // Truncated: burn the remaining budget the way stuck agents do.
    const stuckBug = task.bugs[Math.min(fixCount, nb - 1)]
    const stuckIdx = Math.min(fixCount, nb - 1)
    while (tools < pf.maxTools) {
      const r = rng.next()
      if (r < 0.3 && lastCall) repeatLast(SAY.loop(rng))
      else if (r < 0.6 && state[stuckIdx] === 'bug') edit(stuckIdx, 'wrong', SAY.tryWrong(stuckBug))
      else if (r < 0.75) cat(stuckBug.file, SAY.locate(stuckBug))
      else if (r < 0.85)
        call(
          'edit_file',
          { path: stuckBug.file, old_str: stuckBug.old.trim(), new_str: stuckBug.wrong.trim() },
          SAY.tryWrong(stuckBug),
          () => `Error: no replacement was performed: old_str did not appear verbatim in ${stuckBug.file}.`
        )
      else pytest(SAY.rerun(rng))
    }
  }
  run()

  const { passed, total, fraction } = passFraction(task, state)
  const status = p.outcome === 'error' ? 'error' : p.outcome === 'truncated' ? 'truncated' : 'ok'
  const lastTool = messages.findLast((m) => m.role === 'tool')
  if (lastTool && status !== 'error') lastTool.done = true
  if (status === 'ok') {
    const fixed = task.bugs.filter((_, i) => state[i] === 'fixed')
    const text = finalAnswer(task, { fixed, passed, total, claimDone: rng.chance(pf.claimP) })
    assistant(
      passed === total ? 'All tests pass; summarise the changes.' : 'I am running out of ideas; summarise what I have.',
      p.emptyFinal ? '' : text,
      undefined
    )
  }
  const reward = status === 'error' ? 0 : round4(fraction)
  return {
    messages,
    tools,
    passed,
    total,
    reward,
    status,
    maxProgress,
    durationMs,
    error: status === 'error' ? envError(describeCall(lastCall)) : null,
    toolDefs: TOOLS
  }
}

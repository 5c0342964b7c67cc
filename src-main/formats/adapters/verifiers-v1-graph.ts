/**
 * The message graph of a verifiers v1 trace (`verifiers/v1/graph.py`, `trace.py`) read as a conversation.
 *
 * A trace stores each distinct message once as a node `{parent, message, sampled, ...}` linked to its predecessor;
 * a conversation is a root-to-leaf path, and several leaves are several branches (compaction, sub-agents). The
 * producer's own view of "the" conversation is `Trace.messages`: the messages of the LAST branch, i.e. of the
 * highest-numbered leaf (a node no other node names as its parent), walked back to its root. That is the branch
 * read here. `sampled` tells a model-generated message from a prompt-supplied one (role alone cannot: a few-shot
 * assistant message is not sampled); messages before the branch's first sampled node are the prompt.
 * `calls[i].node` links a model call to the assistant node it committed (its usage and finish reason).
 */
import { isObj, num, type Obj } from './record-fields'

export interface TraceBranch {
  /** Messages before the first sampled node on the branch (what the model was given first). */
  prompt: Obj[]
  /** The rest of the branch: sampled assistant messages and the tool / user messages between them. */
  completion: Obj[]
  /** Leaves of the graph: 1 for a linear conversation. */
  branches: number
}

const nodesOf = (trace: Obj): Obj[] => (Array.isArray(trace.nodes) ? trace.nodes.filter(isObj) : [])

/** Index of the producer's final branch leaf: the last node that is no node's parent, or -1 without nodes. */
function lastLeaf(nodes: Obj[]): { leaf: number; leaves: number } {
  const hasChild = new Set<number>()
  for (const n of nodes) {
    const p = num(n.parent)
    if (p !== null) hasChild.add(p)
  }
  let leaf = -1
  let leaves = 0
  for (let i = 0; i < nodes.length; i++) {
    if (hasChild.has(i)) continue
    leaves++
    leaf = i
  }
  return { leaf, leaves }
}

/** Per assistant node, the usage of the model call that committed it (`calls[].node`). */
function usageByNode(trace: Obj): Map<number, unknown> {
  const by = new Map<number, unknown>()
  if (!Array.isArray(trace.calls)) return by
  for (const c of trace.calls) {
    if (!isObj(c)) continue
    const node = num(c.node)
    if (node !== null && isObj(c.usage)) by.set(node, c.usage)
  }
  return by
}

/**
 * The trace's final branch split into prompt and completion, each message a copy with the call's usage attached to
 * the sampled assistant messages (so turns carry their generated tokens). A broken parent link (out of range, or a
 * cycle) ends the walk there: the path read so far is kept.
 */
export function finalBranch(trace: Obj): TraceBranch {
  const nodes = nodesOf(trace)
  const { leaf, leaves } = lastLeaf(nodes)
  const path: number[] = []
  const seen = new Set<number>()
  for (let id: number | null = leaf; id !== null && id >= 0 && id < nodes.length && !seen.has(id);) {
    seen.add(id)
    path.push(id)
    const p = num(nodes[id].parent)
    id = p !== null && Number.isInteger(p) ? p : null
  }
  path.reverse()
  const usage = usageByNode(trace)
  const prompt: Obj[] = []
  const completion: Obj[] = []
  for (const id of path) {
    const node = nodes[id]
    const message: Obj = isObj(node.message) ? { ...node.message } : { role: 'user', content: node.message ?? '' }
    if (node.sampled === true && usage.has(id)) message.usage = usage.get(id)
    if (node.sampled === true || completion.length > 0) completion.push(message)
    else prompt.push(message)
  }
  return { prompt, completion, branches: leaves }
}

/** Model-sampled nodes of the trace (the producer's `Trace.num_turns`: one per model call that committed). */
export const sampledTurns = (trace: Obj): number => nodesOf(trace).filter((n) => n.sampled === true).length

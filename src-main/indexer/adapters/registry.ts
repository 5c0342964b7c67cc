import type { DocumentAdapter, JsonlAdapter } from './types'
import { chatJsonlAdapter } from './chat-jsonl'
import { verifiersAdapter } from './verifiers'
import { primeHostedRlAdapter } from './prime-hosted-rl'
import { primeHostedRlFilesAdapter } from './prime-hosted-rl-files'
import { nemoGymAdapter } from './nemo-gym'
import { nemoGymFilesAdapter } from './nemo-gym-files'
import { stepJsonlAdapter } from './step-jsonl'
import { sweAgentAdapter } from './swe-agent'
import { miniSweAgentAdapter } from './mini-swe-agent'
import { sweBenchAdapter } from './swe-bench'
import { tauBenchAdapter } from './tau-bench'
import { terminalBenchAdapter } from './terminal-bench'
import { tau2Adapter } from './tau2'
import { mappedAdapter } from '../mapping/adapter'
import { inspectAdapter } from './inspect'
import { atifAdapter } from './atif'
import { harborResultAdapter, harborTracesAdapter } from './harbor'
import { openhandsAdapter } from './openhands'
import { geminiCliAdapter } from './gemini-cli'

/** JSONL adapters in detection priority order: most specific shape first (a verifiers row may also look like chat). */
export const JSONL_ADAPTERS: JsonlAdapter[] = [primeHostedRlAdapter, verifiersAdapter, nemoGymAdapter, chatJsonlAdapter]

/** The adapter whose shape the first record of a file has, or undefined. */
export const pickJsonlAdapter = (firstRecord: Record<string, unknown>): JsonlAdapter | undefined =>
  JSONL_ADAPTERS.find((a) => a.matches(firstRecord))

/** Adapters for whole-file JSON documents, most specific first. */
export const DOCUMENT_ADAPTERS: readonly DocumentAdapter[] = [inspectAdapter, atifAdapter, harborResultAdapter, harborTracesAdapter, openhandsAdapter, geminiCliAdapter, primeHostedRlFilesAdapter, nemoGymFilesAdapter, sweAgentAdapter, miniSweAgentAdapter, terminalBenchAdapter, sweBenchAdapter, tauBenchAdapter, tau2Adapter, stepJsonlAdapter, mappedAdapter]

/** The document adapter that recognizes a parsed JSON document, or undefined. */
export const pickDocumentAdapter = (doc: unknown, path: string): DocumentAdapter | undefined =>
  DOCUMENT_ADAPTERS.find((a) => a.matches(doc, path))

/** The document adapter that claims a multi-line JSONL file (episodes spanning lines) from its first record. */
export const pickGroupedJsonlAdapter = (firstRecord: Record<string, unknown>, path: string): DocumentAdapter | undefined =>
  DOCUMENT_ADAPTERS.find((a) => a.matchesFirstRecord?.(firstRecord, path))

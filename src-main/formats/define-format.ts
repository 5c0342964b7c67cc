/**
 * How an adapter registers: its module exports `defineFormat({...})`, and the registry (registry.ts) collects every
 * value so made from the modules of adapters/ and mapping/. Nothing else names the adapter, so adding a format is
 * adding its file (with its docs and tests).
 */
import type { DocumentAdapter, FormatAdapter, JsonlAdapter, TableAdapter } from './types'

const declared = new WeakSet<object>()

export function defineFormat<T extends JsonlAdapter | DocumentAdapter | TableAdapter>(adapter: T): T {
  declared.add(adapter)
  return adapter
}

/** Whether a module's export is an adapter made by defineFormat. */
export const isDeclaredFormat = (v: unknown): v is FormatAdapter =>
  typeof v === 'object' && v !== null && declared.has(v)

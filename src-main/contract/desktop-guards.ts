/** Argument schemas of the desktop-only methods (IPC_DESKTOP_CHANNEL): the renderer is untrusted here too. */
import { z } from 'zod'
import type { DesktopMethod } from './desktop'
import { exportRequest } from './export'
import { parseArgsOf } from './guards'

export const DESKTOP_ARG_SCHEMAS: Record<DesktopMethod, z.ZodType<unknown[]>> = {
  pickPaths: z.tuple([z.enum(['folder', 'file'])]),
  saveExport: z.tuple([exportRequest]),
  setThemeSource: z.tuple([z.enum(['system', 'light', 'dark'])])
}

/** Parses the argument list of a desktop method; throws a BadRequestError naming the bad argument. */
export function parseDesktopArgs(method: DesktopMethod, args: unknown): unknown[] {
  return parseArgsOf(DESKTOP_ARG_SCHEMAS, method, args)
}

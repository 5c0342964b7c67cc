/** The version of Rollscope, from package.json (inlined by the bundler). */
import { version } from '../../package.json'

/** Rollscope's version string, e.g. `0.1.0`. */
export const ROLLSCOPE_VERSION: string = version

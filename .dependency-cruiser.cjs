// The layers of Rollscope, held by a tool (`npm run lint`, part of `npm test`), not by memory.
//
// A folder may import from its own layer and the layers below it, never from one above. The README's
// "How it is built" draws the same picture. Moving a folder to another layer is a change to this list.
//
// Parser: TypeScript 7 has no JS compiler API, so dependency-cruiser reads the sources with swc; type-only imports
// count like any other (an `import type` that runs upward is still an upward dependency).

/** src-main, lowest first. `contract` is shared with the renderer; the hosts are the top. */
const MAIN_LAYERS = [
  ['contract'],
  ['formats', 'stats'],
  ['anomalies'],
  ['db'],
  ['labels', 'search', 'compare'],
  ['indexer', 'report'],
  ['export'],
  ['services'],
  ['cli', 'server', 'electron', 'preload']
]

/**
 * src-renderer/src, lowest first. `styles` holds theme tokens and shared CSS modules that any layer may use; the
 * keymap's commands and bindings sit under the features that show their keys, and `App`/`main` compose it all.
 */
const RENDERER_LAYERS = [
  ['lib', 'styles'],
  ['api'],
  ['state'],
  ['components'],
  ['keymap'],
  ['features'],
  ['App', 'main']
]

const either = (names) => `(${names.join('|')})`

/** One rule per layer: nothing in it imports a folder of a higher layer. */
function upwardRules(root, layers) {
  return layers.slice(0, -1).map((names, i) => {
    const above = layers.slice(i + 1).flat()
    return {
      name: `no-upward-import:${root}/${names.join(',')}`,
      comment: `${names.join(', ')} sit below ${above.join(', ')}: an import up the layers makes a cycle waiting to happen`,
      severity: 'error',
      from: { path: `^${root}/${either(names)}([./]|$)` },
      to: { path: `^${root}/${either(above)}([./]|$)` }
    }
  })
}

module.exports = {
  forbidden: [
    ...upwardRules('src-main', MAIN_LAYERS),
    ...upwardRules('src-renderer/src', RENDERER_LAYERS),
    {
      name: 'contract-is-runtime-neutral',
      comment: 'contract/ is compiled into the main process, the worker, the CLI and the renderer: no Node built-ins',
      severity: 'error',
      from: { path: '^src-main/contract/' },
      to: { dependencyTypes: ['core'] }
    },
    {
      name: 'formats-only-on-contract',
      comment: 'the format layer depends on contract/ only, so any consumer (indexer, viewer, search) may use it',
      severity: 'error',
      from: { path: '^src-main/formats/' },
      to: { path: '^src-main/', pathNot: '^src-main/(formats|contract)/' }
    },
    {
      name: 'electron-only-in-its-hosts',
      comment:
        'electron is imported only in src-main/electron and src-main/preload: everything else runs under plain Node (CLI, server, tests)',
      severity: 'error',
      from: { pathNot: '^src-main/(electron|preload)/' },
      to: { path: '(^|/)node_modules/electron/' }
    },
    {
      name: 'renderer-reaches-main-only-through-contract',
      comment: 'the renderer talks to the engine through the typed contract, never by importing engine code',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/', pathNot: '^src-main/contract/' }
    },
    {
      name: 'main-never-imports-renderer',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { path: '^src-renderer/' }
    },
    {
      name: 'no-circular',
      comment:
        'a runtime module cycle (even within one layer) makes load order matter; type-only cycles are allowed (zustand slices name the whole AppState)',
      severity: 'error',
      from: { path: '^src-' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } }
    },
    {
      name: 'no-unresolvable',
      comment: 'an import that does not resolve is a typo or a missing dependency',
      severity: 'error',
      from: { path: '^src-' },
      // `hast` is a types-only package (@types/hast); `?worker` and friends are Vite import suffixes
      to: { couldNotResolve: true, pathNot: '^hast$|\\?(worker|modulePath|nodeWorker|url|raw)$' }
    }
  ],
  options: {
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }
  }
}

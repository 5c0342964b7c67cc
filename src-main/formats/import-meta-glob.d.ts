/** Vite's import.meta.glob, expanded at build time by electron-vite and vitest: how registry.ts finds the adapters. */
interface ImportMeta {
  glob: import('vite/types/importGlob.d.ts').ImportGlobFunction
}

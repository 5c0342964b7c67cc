/** Names of mapping files (docs/formats/mapping-file.md): `rollscope.yaml|yml|json` or `<anything>.rollscope.yaml|yml|json`. */
const MAPPING_NAME = /^(?:rollscope|.+\.rollscope)\.(?:ya?ml|json)$/i

/** Whether a file name (not a path) is a mapping file's. */
export const isMappingFileName = (name: string): boolean => MAPPING_NAME.test(name)

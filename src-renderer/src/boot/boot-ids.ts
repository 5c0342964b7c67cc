/** The first paint's layer id, shared by the boot script that draws it and the app that may take it away. */
export const BOOT_LAYER_ID = 'boot-paint'
/** How many turns the first paint asks for: more than the tallest window shows. */
export const BOOT_TURNS = 12

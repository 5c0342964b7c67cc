/** The first paint's layer id, shared by the boot script that draws it and the app that may take it away. */
export const BOOT_LAYER_ID = 'boot-paint'

/**
 * The unified-diff language of the Monaco views (observations and patches are often diffs), apart from Monaco so it
 * can be checked: an added line is `inserted` and drawn green, a removed one `deleted` and drawn red, in both
 * themes (the app's --good / --bad). Monaco's own token names were borrowed before (`string` for added, `comment`
 * for removed), which the stock themes colour the other way round: added lines came out red, removed ones green.
 */
export const DIFF_TOKENS = {
  tokenizer: {
    root: [
      [/^(diff --git|index |--- |\+\+\+ ).*$/, 'keyword'],
      [/^@@.*@@.*$/, 'type'],
      [/^\+.*$/, 'inserted'],
      [/^-.*$/, 'deleted'],
      [/^.*$/, '']
    ] as [RegExp, string][]
  }
}

/** The app's two Monaco themes: the stock ones with the diff colours of theme.css. */
export const MONACO_THEMES = {
  'rollscope-light': {
    base: 'vs' as const,
    inherit: true,
    rules: [
      { token: 'inserted', foreground: '1a7f37' },
      { token: 'deleted', foreground: 'c62828' }
    ],
    colors: {}
  },
  'rollscope-dark': {
    base: 'vs-dark' as const,
    inherit: true,
    rules: [
      { token: 'inserted', foreground: '4ac26b' },
      { token: 'deleted', foreground: 'f2706b' }
    ],
    colors: {}
  }
}

import type { ReactNode } from 'react'
import { themeState, THEME_CHOICES, type ThemeChoice } from '../../lib/theme'
import { useThemeChoice } from '../../lib/use-color-scheme'
import { RadioSegments } from '../../components/RadioSegments'
import css from './ThemeToggle.module.css'

// glyphs keep the toggle narrow enough for the sidebar's brand row; the name is the button's accessible name
const LABELS: Record<ThemeChoice, { glyph: string; label: string; hint: string }> = {
  system: { glyph: '◐', label: 'System', hint: 'Theme: follow the system’s light or dark setting' },
  light: { glyph: '☀', label: 'Light', hint: 'Theme: always light' },
  dark: { glyph: '☾', label: 'Dark', hint: 'Theme: always dark' }
}

/** System / Light / Dark for the whole app (editors and charts included); remembered. */
export function ThemeToggle(): ReactNode {
  const choice = useThemeChoice()
  return (
    <RadioSegments
      label="Theme"
      className={css.toggle}
      testId="theme-toggle"
      value={choice}
      choices={THEME_CHOICES.map((c) => ({
        id: c,
        content: LABELS[c].glyph,
        ariaLabel: LABELS[c].label,
        title: LABELS[c].hint,
        testId: `theme-${c}`
      }))}
      onChange={(c: ThemeChoice) => themeState().setChoice(c)}
    />
  )
}

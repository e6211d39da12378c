import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import type { ReactNode } from 'react'
import { sva } from 'styled-system/css'

const tabsRecipe = sva({
  slots: ['root', 'list', 'trigger', 'content', 'indicator'],
  base: {
    root: { display: 'flex', flexDir: 'column', gap: '4', w: 'full' },
    list: {
      position: 'relative',
      display: 'flex',
      gap: '1',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      overflowX: 'auto',
      scrollbarWidth: 'thin',
    },
    trigger: {
      h: '10',
      px: '4',
      fontSize: 'sm',
      fontWeight: '600',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      borderBottomWidth: '2px',
      borderColor: 'transparent',
      mb: '-1px',
      _hover: { color: 'fg.default' },
      _selected: { color: 'accent.default', borderColor: 'accent.default' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '-2px' },
    },
    content: { outline: 'none', _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' } },
    indicator: {},
  },
})

type TabItem = { value: string; label: ReactNode; content: ReactNode; disabled?: boolean }

export type TabsProps = {
  items: TabItem[]
  /** Accessible name of the tab list. */
  label: string
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  /** Render only the selected panel (default), or keep all panels mounted. */
  lazyMount?: boolean
}

/** Tabs with automatic activation; arrow keys follow the reading direction (Ark gets `dir` from LocaleProvider). */
export function Tabs({ items, label, value, defaultValue, onValueChange, lazyMount = true }: TabsProps) {
  const s = tabsRecipe()
  return (
    <ArkTabs.Root
      className={s.root}
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={(d) => onValueChange?.(d.value)}
      lazyMount={lazyMount}
    >
      <ArkTabs.List className={s.list} aria-label={label}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className={s.trigger}>
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={s.content}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  )
}

/** The parts, for layouts the `Tabs` shortcut does not cover. */

import { Switch as ArkSwitch } from '@ark-ui/react/switch'
import type { ReactNode } from 'react'
import { css, sva } from 'styled-system/css'

const switchRecipe = sva({
  slots: ['root', 'control', 'thumb', 'label'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: 0,
      w: '10',
      h: '6',
      p: '0.5',
      borderRadius: 'full',
      bg: 'gray.300',
      transition: 'background 150ms',
      _checked: { bg: 'primary.600' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
      '[data-part=root]:has(input:focus-visible) &': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
    },
    thumb: {
      w: '5',
      h: '5',
      borderRadius: 'full',
      bg: 'white',
      boxShadow: 'sm',
      transition: 'transform 150ms',
      _checked: { transform: 'translateX(1rem)' },
      _rtl: { _checked: { transform: 'translateX(-1rem)' } },
    },
    label: { fontSize: 'sm', color: 'fg.default' },
  },
})

export type SwitchProps = {
  /** Visible label, or the accessible name when `hideLabel` is set (e.g. in a table row). */
  label: ReactNode
  hideLabel?: boolean
  checked?: boolean
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean) => void
  disabled?: boolean
  name?: string
  value?: string
}

/** An on/off toggle (e.g. a record's active state); Space toggles it from the keyboard. */
export function Switch({ label, hideLabel, checked, defaultChecked, onCheckedChange, disabled, name, value }: SwitchProps) {
  const s = switchRecipe()
  return (
    <ArkSwitch.Root
      className={s.root}
      checked={checked}
      defaultChecked={defaultChecked}
      onCheckedChange={(d) => onCheckedChange?.(d.checked)}
      disabled={disabled}
      name={name}
      value={value}
    >
      <ArkSwitch.Control className={s.control}>
        <ArkSwitch.Thumb className={s.thumb} />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={hideLabel ? css({ srOnly: true }) : s.label}>{label}</ArkSwitch.Label>
      <ArkSwitch.HiddenInput />
    </ArkSwitch.Root>
  )
}

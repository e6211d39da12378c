import { Field } from '@ark-ui/react/field'
import { Portal } from '@ark-ui/react/portal'
import { Select, createListCollection } from '@ark-ui/react/select'
import { useMemo, type ReactNode } from 'react'
import { css, cx, sva } from 'styled-system/css'
import { fieldStyles } from './field'
import { RequiredMark } from './required-mark'
import { CheckIcon, ChevronDownIcon } from './icons'

export type Option = { value: string; label: string; disabled?: boolean }

/** Shared look of the listbox popups (select, combobox). */
export const listboxRecipe = sva({
  slots: ['content', 'item', 'indicator', 'empty'],
  base: {
    content: {
      bg: 'bg.surface',
      borderRadius: 'lg',
      boxShadow: 'lg',
      borderWidth: '1px',
      borderColor: 'border.default',
      p: '1',
      maxH: '16rem',
      overflowY: 'auto',
      zIndex: 1500,
      outline: 'none',
      minW: 'var(--reference-width)',
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      px: '3',
      py: '2',
      borderRadius: 'md',
      fontSize: 'sm',
      textAlign: 'start',
      cursor: 'pointer',
      color: 'fg.default',
      _highlighted: { bg: 'primary.50', color: 'primary.800' },
      _checked: { fontWeight: '600' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    indicator: { color: 'accent.default', flexShrink: 0 },
    empty: { px: '3', py: '2', fontSize: 'sm', color: 'fg.muted' },
  },
})

const trigger = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  textAlign: 'start',
  cursor: 'pointer',
  '&[data-placeholder-shown]': { color: 'fg.subtle' },
})

export type SelectFieldProps = {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
  options: Option[]
  /** The selected value, '' for none. */
  value: string
  onValueChange: (value: string) => void
  onBlur?: () => void
  placeholder?: string
  name?: string
  required?: boolean
  disabled?: boolean
}

/** A single choice from a list (Ark Select): Enter / Space / ArrowDown open, typeahead, Enter picks. */
export function SelectField({
  label,
  error,
  helper,
  options,
  value,
  onValueChange,
  onBlur,
  placeholder,
  name,
  required,
  disabled,
}: SelectFieldProps) {
  const collection = useMemo(() => createListCollection({ items: options, isItemDisabled: (o) => Boolean(o.disabled) }), [options])
  const s = listboxRecipe()
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <Select.Root
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(d) => onValueChange(d.value[0] ?? '')}
        onOpenChange={(d) => (d.open ? undefined : onBlur?.())}
        name={name}
        positioning={{ sameWidth: true }}
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
      >
        <Select.Label className={fieldStyles.label}>
          {label}
          <RequiredMark />
        </Select.Label>
        <Select.Control>
          <Select.Trigger className={cx(fieldStyles.input, trigger)}>
            <Select.ValueText placeholder={placeholder} className={css({ truncate: true })} />
            <Select.Indicator className={css({ color: 'fg.muted', display: 'inline-flex' })}>
              <ChevronDownIcon width={16} height={16} />
            </Select.Indicator>
          </Select.Trigger>
        </Select.Control>
        <Portal>
          <Select.Positioner>
            <Select.Content className={s.content}>
              {collection.items.map((item) => (
                <Select.Item key={item.value} item={item} className={s.item}>
                  <Select.ItemText>{item.label}</Select.ItemText>
                  <Select.ItemIndicator className={s.indicator}>
                    <CheckIcon width={16} height={16} />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Positioner>
        </Portal>
        <Select.HiddenSelect />
      </Select.Root>
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
}

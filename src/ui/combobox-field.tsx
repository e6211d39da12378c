import { Combobox, useListCollection } from '@ark-ui/react/combobox'
import { Field } from '@ark-ui/react/field'
import { useFilter } from '@ark-ui/react/locale'
import { Portal } from '@ark-ui/react/portal'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { fieldStyles } from './field'
import { RequiredMark } from './required-mark'
import { CheckIcon, ChevronDownIcon, CloseIcon } from './icons'
import { listboxRecipe, type Option } from './select-field'

/**
 * An option; its hint shows at the inline end of its row (a match's score, say). An option of a tree
 * has its `level` (1 at the top), shown indented while the whole list shows, and its `context` (its
 * parents' names), shown under it among the matches of a search.
 */
export type ComboboxOption = Option & { hint?: string; level?: number; context?: string }

export type MultiComboboxFieldProps = {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
  options: ComboboxOption[]
  value: string[]
  onValueChange: (value: string[]) => void
  onBlur?: () => void
  placeholder?: string
  /** Shown when typing matches no option. */
  emptyText: string
  /** Accessible name of a chip's remove button, e.g. (label) => `Remove ${label}`. */
  removeLabel: (label: string) => string
  openLabel: string
  name?: string
  required?: boolean
  disabled?: boolean
}

const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '7',
  ps: '2.5',
  pe: '1',
  borderRadius: 'full',
  bg: 'primary.50',
  color: 'primary.800',
  fontSize: 'sm',
  fontWeight: '500',
})
const chipRemove = css({
  w: '5',
  h: '5',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'primary.100' },
})
const control = css({ position: 'relative', display: 'flex', alignItems: 'center' })
const toggle = css({
  position: 'absolute',
  insetEnd: '1',
  h: '9',
  w: '9',
  display: 'grid',
  placeItems: 'center',
  color: 'fg.muted',
  cursor: 'pointer',
  borderRadius: 'md',
})

const hint = css({ ms: 'auto', fontSize: 'xs', color: 'green.700', fontWeight: '600', whiteSpace: 'nowrap' })
const itemLabel = css({ display: 'flex', flexDir: 'column', minW: '0' })
const itemContext = css({ fontSize: 'xs', color: 'fg.muted', truncate: true })
/** An indented row of a tree, by its level (the row's own padding and 1rem a level below the top). */
const indent = (level: number | undefined) => (level && level > 1 ? { paddingInlineStart: `${0.75 + (level - 1)}rem` } : undefined)

/** The input with its open button, and the listbox of the matching options (each with its hint and check). */
function ComboboxInput({
  placeholder,
  openLabel,
  emptyText,
  items,
  searching = false,
}: {
  placeholder?: string | undefined
  openLabel: string
  emptyText: string
  items: ComboboxOption[]
  /** Something is typed: a tree's options show flat, each with its context. */
  searching?: boolean
}) {
  const s = listboxRecipe()
  return (
    <>
      <Combobox.Control className={control}>
        <Combobox.Input className={cx(fieldStyles.input, css({ pe: '11' }))} placeholder={placeholder} />
        <Combobox.Trigger className={toggle} aria-label={openLabel}>
          <ChevronDownIcon width={16} height={16} />
        </Combobox.Trigger>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content className={s.content}>
            <Combobox.Empty className={s.empty}>{emptyText}</Combobox.Empty>
            {items.map((item) => (
              <Combobox.Item key={item.value} item={item} className={s.item} style={searching ? undefined : indent(item.level)}>
                {searching && item.context ? (
                  <span className={itemLabel}>
                    <Combobox.ItemText>{item.label}</Combobox.ItemText>
                    <span className={itemContext}>{item.context}</span>
                  </span>
                ) : (
                  <Combobox.ItemText>{item.label}</Combobox.ItemText>
                )}
                {item.hint ? <span className={hint}>{item.hint}</span> : null}
                <Combobox.ItemIndicator className={s.indicator}>
                  <CheckIcon width={16} height={16} />
                </Combobox.ItemIndicator>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </>
  )
}

/** The options as a filterable collection (any part of a label, either case), following `options` as it changes. */
function useOptions(options: ComboboxOption[]) {
  const { contains } = useFilter({ sensitivity: 'base' })
  const list = useListCollection<ComboboxOption>({ initialItems: options, filter: contains, isItemDisabled: (o) => Boolean(o.disabled) })
  const { set } = list
  useEffect(() => set(options), [options, set])
  return list
}

export type ComboboxFieldProps = {
  label: ReactNode
  options: ComboboxOption[]
  /** The chosen option's value, '' for none. */
  value: string
  onValueChange: (value: string) => void
  placeholder?: string
  emptyText: string
  openLabel: string
  error?: string | null | undefined
  helper?: ReactNode
  disabled?: boolean
  /** A pick is an action, not a value: the input empties after it and nothing stays chosen. */
  pickOnly?: boolean
}

/**
 * One choice from a searchable list (Ark Combobox): typing filters (the order given is kept, best
 * first), ArrowDown / ArrowUp move, Enter picks.
 */
export function ComboboxField({
  label,
  options,
  value,
  onValueChange,
  placeholder,
  emptyText,
  openLabel,
  error,
  helper,
  disabled,
  pickOnly,
}: ComboboxFieldProps) {
  const { collection, filter } = useOptions(options)
  const [typed, setTyped] = useState('')
  const search = (text: string) => {
    setTyped(text)
    filter(text)
  }
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} disabled={disabled}>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(d) => onValueChange(d.value[0] ?? '')}
        onInputValueChange={(d) => search(d.inputValue)}
        onOpenChange={(d) => (d.open ? undefined : search(''))}
        {...(pickOnly ? { selectionBehavior: 'clear' as const } : {})}
        translations={{ triggerLabel: openLabel }}
        openOnClick
        positioning={{ sameWidth: true }}
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
      >
        <Combobox.Label className={fieldStyles.label}>{label}</Combobox.Label>
        <ComboboxInput
          placeholder={placeholder}
          openLabel={openLabel}
          emptyText={emptyText}
          items={collection.items}
          searching={typed.trim() !== ''}
        />
      </Combobox.Root>
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
}

/**
 * Several choices from a searchable list (Ark Combobox, `multiple`): typing filters, ArrowDown /
 * ArrowUp move, Enter toggles; the chosen ones show as chips above the input with remove buttons.
 */
export function MultiComboboxField({
  label,
  error,
  helper,
  options,
  value,
  onValueChange,
  onBlur,
  placeholder,
  emptyText,
  removeLabel,
  openLabel,
  name,
  required,
  disabled,
}: MultiComboboxFieldProps) {
  const { collection, filter } = useOptions(options)
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options])
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <Combobox.Root
        collection={collection}
        multiple
        value={value}
        onValueChange={(d) => onValueChange(d.value)}
        onInputValueChange={(d) => filter(d.inputValue)}
        onOpenChange={(d) => (d.open ? undefined : onBlur?.())}
        selectionBehavior="clear"
        translations={{ triggerLabel: openLabel }}
        closeOnSelect={false}
        openOnClick
        name={name}
        positioning={{ sameWidth: true }}
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
      >
        <Combobox.Label className={fieldStyles.label}>
          {label}
          <RequiredMark />
        </Combobox.Label>
        {value.length > 0 ? (
          <ul className={chips}>
            {value.map((v) => (
              <li key={v} className={chip}>
                {labels.get(v) ?? v}
                <button
                  type="button"
                  className={chipRemove}
                  aria-label={removeLabel(labels.get(v) ?? v)}
                  disabled={disabled}
                  onClick={() => onValueChange(value.filter((x) => x !== v))}
                >
                  <CloseIcon width={12} height={12} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <ComboboxInput placeholder={placeholder} openLabel={openLabel} emptyText={emptyText} items={collection.items} />
      </Combobox.Root>
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
}

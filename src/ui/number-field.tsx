import { Field } from '@ark-ui/react/field'
import { NumberInput } from '@ark-ui/react/number-input'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { fieldStyles } from './field'
import { RequiredMark } from './required-mark'
import { MinusIcon, PlusIcon } from './icons'

export type NumberFieldProps = {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
  /** The text in the input (controlled); `onValueChange` also gives the parsed number (NaN when empty). */
  value: string
  onValueChange: (value: string, valueAsNumber: number) => void
  onBlur?: () => void
  onFocus?: () => void
  min?: number
  max?: number
  step?: number
  name?: string
  required?: boolean
  disabled?: boolean
  /** Names of the +/- buttons; without both, the buttons are left out (ArrowUp / ArrowDown still step). */
  incrementLabel?: string
  decrementLabel?: string
  /** Intl options, e.g. `{ maximumFractionDigits: 0 }` for integers. */
  formatOptions?: Intl.NumberFormatOptions
}

const control = css({ position: 'relative', display: 'flex', alignItems: 'stretch' })
const stepper = css({
  w: '9',
  display: 'grid',
  placeItems: 'center',
  color: 'fg.muted',
  cursor: 'pointer',
  borderInlineStartWidth: '1px',
  borderColor: 'border.strong',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
})
const steppers = css({ position: 'absolute', insetEnd: '0', top: '0', bottom: '0', display: 'flex' })

/** A number input with increment / decrement buttons; ArrowUp / ArrowDown step the value. */
export function NumberField({
  label,
  error,
  helper,
  value,
  onValueChange,
  onBlur,
  onFocus,
  min,
  max,
  step,
  name,
  required,
  disabled,
  incrementLabel,
  decrementLabel,
  formatOptions,
}: NumberFieldProps) {
  const steppersShown = Boolean(incrementLabel && decrementLabel)
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <NumberInput.Root
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
        value={value}
        onValueChange={(d) => onValueChange(d.value, d.valueAsNumber)}
        min={min}
        max={max}
        step={step}
        name={name}
        formatOptions={formatOptions}
        translations={steppersShown ? { incrementLabel, decrementLabel } : undefined}
        clampValueOnBlur={false}
      >
        <NumberInput.Label className={fieldStyles.label}>
          {label}
          <RequiredMark />
        </NumberInput.Label>
        <NumberInput.Control className={control}>
          <NumberInput.Input
            className={cx(fieldStyles.input, steppersShown ? css({ pe: '20' }) : undefined)}
            onBlur={onBlur}
            onFocus={onFocus}
          />
          {steppersShown ? (
            <span className={steppers}>
              <NumberInput.DecrementTrigger className={stepper} aria-label={decrementLabel}>
                <MinusIcon width={16} height={16} />
              </NumberInput.DecrementTrigger>
              <NumberInput.IncrementTrigger className={stepper} aria-label={incrementLabel}>
                <PlusIcon width={16} height={16} />
              </NumberInput.IncrementTrigger>
            </span>
          ) : null}
        </NumberInput.Control>
      </NumberInput.Root>
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
}

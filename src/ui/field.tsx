import { Field } from '@ark-ui/react/field'
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { css } from 'styled-system/css'

export const fieldStyles = {
  root: css({ display: 'flex', flexDir: 'column', gap: '1.5', w: 'full' }),
  label: css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default' }),
  input: css({
    h: '11',
    w: 'full',
    px: '3',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.surface',
    fontSize: 'md',
    color: 'fg.default',
    outline: 'none',
    transition: 'border-color 120ms, box-shadow 120ms',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { borderColor: 'primary.500', boxShadow: '0 0 0 3px token(colors.primary.100)', outline: 'none' },
    '&[data-invalid], &[aria-invalid=true]': { borderColor: 'red.500', _focusVisible: { boxShadow: '0 0 0 3px token(colors.red.100)' } },
    _disabled: { bg: 'bg.muted', cursor: 'not-allowed' },
  }),
  error: css({ fontSize: 'sm', color: 'danger.fg' }),
  required: css({ color: 'danger.fg', ms: '0.5' }),
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
}

/** The asterisk after the label of a required field (inside a `Field.Root`; hidden from assistive technology, which reads `required`). */
export function RequiredMark() {
  return <Field.RequiredIndicator className={fieldStyles.required}>*</Field.RequiredIndicator>
}

/** A labelled input with its error text, wired for assistive technology by Ark's Field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, helper, required, disabled, ...input },
  ref,
) {
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label className={fieldStyles.label}>
        {label}
        <RequiredMark />
      </Field.Label>
      <Field.Input ref={ref} className={fieldStyles.input} {...input} />
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
})

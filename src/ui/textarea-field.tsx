import { Field } from '@ark-ui/react/field'
import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { fieldStyles } from './field'
import { RequiredMark } from './required-mark'

export type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
}

const textarea = css({ h: 'auto', minH: '24', py: '2.5', resize: 'vertical', lineHeight: '1.6' })

/** A labelled multi-line input with its error text. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, helper, required, disabled, rows = 4, className, ...input },
  ref,
) {
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label className={fieldStyles.label}>
        {label}
        <RequiredMark />
      </Field.Label>
      <Field.Textarea ref={ref} rows={rows} className={cx(fieldStyles.input, textarea, className)} {...input} />
      {helper && !error ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
})

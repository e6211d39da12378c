import { Field } from '@ark-ui/react/field'
import { PasswordInput } from '@ark-ui/react/password-input'
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { iconButtonRecipe } from './button'
import { fieldStyles, RequiredMark } from './field'
import { EyeIcon, EyeOffIcon } from './icons'

export type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> & {
  label: ReactNode
  error?: string | undefined
  showLabel: string
  hideLabel: string
  children?: ReactNode
}

const control = css({ position: 'relative', display: 'flex', alignItems: 'center' })
const toggle = cx(iconButtonRecipe({ size: 'lg' }), css({ position: 'absolute', insetEnd: '1' }))

/** Password input with a show/hide toggle; `children` renders below it (e.g. a strength meter). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, showLabel, hideLabel, children, required, disabled, autoComplete, ...input },
  ref,
) {
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(error)} required={required} disabled={disabled}>
      <PasswordInput.Root
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
        autoComplete={autoComplete === 'new-password' ? 'new-password' : 'current-password'}
        translations={{ visibilityTrigger: (visible) => (visible ? hideLabel : showLabel) }}
      >
        <PasswordInput.Label className={fieldStyles.label}>
          {label}
          <RequiredMark />
        </PasswordInput.Label>
        <PasswordInput.Control className={control}>
          <PasswordInput.Input ref={ref} className={`${fieldStyles.input} ${css({ pe: '11' })}`} {...input} />
          <PasswordInput.VisibilityTrigger className={toggle}>
            <PasswordInput.Indicator fallback={<EyeOffIcon />}>
              <EyeIcon />
            </PasswordInput.Indicator>
          </PasswordInput.VisibilityTrigger>
        </PasswordInput.Control>
      </PasswordInput.Root>
      {children}
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  )
})

import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { iconButtonRecipe } from './button'
import { FieldError, FieldLabel, fieldStyles, useFieldParts } from './field'
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
  { label, error, showLabel, hideLabel, children, required, disabled, autoComplete, id, ...input },
  ref,
) {
  const parts = useFieldParts({ id, error })
  const [visible, setVisible] = useState(false)
  return (
    <div
      className={fieldStyles.root}
      data-part="root"
      data-invalid={parts.invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
        <FieldLabel htmlFor={parts.ids.input} required={required}>
          {label}
        </FieldLabel>
        <div className={control}>
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={`${fieldStyles.input} ${css({ pe: '11' })}`}
            autoComplete={autoComplete === 'new-password' ? 'new-password' : 'current-password'}
            autoCapitalize="off"
            spellCheck={false}
            required={required}
            disabled={disabled}
            {...parts.inputProps}
            {...input}
          />
          <button
            type="button"
            className={toggle}
            aria-label={visible ? hideLabel : showLabel}
            aria-controls={parts.ids.input}
            aria-expanded={visible}
            disabled={disabled}
            data-state={visible ? 'visible' : 'hidden'}
            // a pointer leaves the caret in the password; the keyboard reaches the button in turn
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeIcon /> : <EyeOffIcon />}
          </button>
        </div>
      </div>
      {children}
      {error ? <FieldError id={parts.ids.error} error={error} /> : null}
    </div>
  )
})

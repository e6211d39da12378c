import { forwardRef } from 'react'
import { css, cx } from 'styled-system/css'
import { TextField, type TextFieldProps } from './field'

/**
 * A phone number input: `type=tel`, always left-to-right digits (also in Arabic), aligned to the
 * inline end in RTL so it sits where the reader expects the value.
 */
export const PhoneField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PhoneField({ className, ...props }, ref) {
  return (
    <TextField
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      className={cx(css({ _rtl: { textAlign: 'end' } }), className)}
      {...props}
    />
  )
})

import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { cva, type RecipeVariantProps } from 'styled-system/css'
import { cx } from 'styled-system/css'
import { Spinner } from './spinner'

export const buttonRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: '600',
    borderRadius: 'lg',
    cursor: 'pointer',
    transition: 'background 120ms, box-shadow 120ms, color 120ms',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'primary.600', color: 'white', _hover: { bg: 'primary.700' }, boxShadow: 'sm' },
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderWidth: '1px',
        borderColor: 'border.strong',
        _hover: { bg: 'bg.subtle' },
      },
      ghost: { bg: 'transparent', color: 'fg.default', _hover: { bg: 'bg.muted' } },
      /** A quiet action that destroys (a row's Delete): the danger colour without the weight of `danger`. */
      dangerGhost: { bg: 'transparent', color: 'danger.fg', _hover: { bg: 'danger.bg' } },
      danger: { bg: 'red.600', color: 'white', _hover: { bg: 'red.700' } },
      link: { bg: 'transparent', color: 'accent.default', px: '0!', h: 'auto!', _hover: { textDecoration: 'underline' } },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', px: '5', fontSize: 'md' },
    },
    block: { true: { w: 'full' } },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})

/** A square button holding only an icon (close, show password, editor tools); its label is an aria-label. */
export const iconButtonRecipe = cva({
  base: {
    display: 'grid',
    placeItems: 'center',
    borderRadius: 'md',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted', color: 'fg.default' },
  },
  variants: {
    size: {
      sm: { w: '7', h: '7' },
      md: { w: '8', h: '8' },
      lg: { w: '9', h: '9' },
    },
  },
  defaultVariants: { size: 'md' },
})

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  RecipeVariantProps<typeof buttonRecipe> & { loading?: boolean; loadingText?: string; icon?: ReactNode }

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, loading, loadingText, icon, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(buttonRecipe({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {loading && loadingText ? loadingText : children}
    </button>
  )
})

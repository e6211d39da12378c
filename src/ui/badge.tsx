import type { HTMLAttributes, ReactNode } from 'react'
import { cva, cx, type RecipeVariantProps } from 'styled-system/css'

const badgeRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    h: '6',
    px: '2.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: '600',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    _before: { content: '""', w: '1.5', h: '1.5', borderRadius: 'full', bg: 'currentColor', flexShrink: 0 },
  },
  variants: {
    tone: {
      success: { bg: 'green.50', color: 'green.800', borderColor: 'green.200' },
      warning: { bg: 'amber.50', color: 'amber.800', borderColor: 'amber.200' },
      danger: { bg: 'red.50', color: 'red.800', borderColor: 'red.200' },
      neutral: { bg: 'gray.100', color: 'gray.700', borderColor: 'gray.200' },
      info: { bg: 'primary.50', color: 'primary.800', borderColor: 'primary.200' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

type BadgeTone = NonNullable<NonNullable<RecipeVariantProps<typeof badgeRecipe>>['tone']>

export type BadgeProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children'> & { tone?: BadgeTone; children: ReactNode }

/** A state label (active / inactive, resolved / not resolved); the tone is also exposed as `data-tone`. */
export function Badge({ tone = 'neutral', className, children, ...rest }: BadgeProps) {
  return (
    <span className={cx(badgeRecipe({ tone }), className)} data-tone={tone} {...rest}>
      {children}
    </span>
  )
}

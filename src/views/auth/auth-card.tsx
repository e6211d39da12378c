import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { screens } from '../../contract/screens'

export const authStyles = {
  title: css({ fontSize: '2xl', fontWeight: '700', color: 'fg.default', lineHeight: '1.3' }),
  subtitle: css({ mt: '2', color: 'fg.muted' }),
  form: css({ mt: '8', display: 'flex', flexDir: 'column', gap: '5' }),
  row: css({ display: 'flex', justifyContent: 'flex-end' }),
  link: css({ color: 'accent.default', fontWeight: '600', fontSize: 'sm', _hover: { textDecoration: 'underline' } }),
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <h1 className={authStyles.title}>{title}</h1>
      {subtitle ? <p className={authStyles.subtitle}>{subtitle}</p> : null}
    </div>
  )
}

/** Where each identity signs in: the admin panel's sign-in, or the vendor's own. */
export const signInOf = (identity: 'admin' | 'user') => (identity === 'user' ? screens.userSignIn : screens.signIn)

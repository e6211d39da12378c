import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { adminLoginBody, type AdminLoginBody } from '../../contract/auth'
import { FormPasswordField, FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'
import type { Identity } from '../../machines/session'
import { useAdminSignIn, useUserSignIn } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'
import { AuthHeading, authStyles } from './auth-card'
import { screens } from '../../contract/screens'

/** The vendor's sign-in (an end user's account): the same screen on the end-user login. */
export const UserSignInScreen = () => <SignInScreen identity="user" />

export function SignInScreen({ identity = 'admin' }: { identity?: Identity }) {
  const admin = useAdminSignIn()
  const user = useUserSignIn()
  const { busy, error, signIn, dismiss } = identity === 'user' ? user : admin
  const ended = identity === 'admin' ? admin.ended : null
  const texts = identity === 'user' ? 'auth.userSignIn' : 'auth.signIn'
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const validate = useMemo(() => zodValidator(adminLoginBody, translate), [translate])

  return (
    <>
      <AuthHeading title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`)} />
      {ended ? <Alert tone="info">{t(`auth.sessionEnded.${ended}`)}</Alert> : null}
      <Form<AdminLoginBody>
        onSubmit={(values) => signIn(values.email, values.password)}
        validate={validate}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate className={authStyles.form} aria-busy={busy}>
            <FormTextField
              name="email"
              type="email"
              inputMode="email"
              label={t('fields.email')}
              autoComplete="username"
              required
              autoFocus
            />
            <FormPasswordField
              name="password"
              label={t('fields.password')}
              autoComplete="current-password"
              required
              showLabel={t('actions.showPassword')}
              hideLabel={t('actions.hidePassword')}
            />
            <div className={authStyles.row}>
              <Link to={identity === 'user' ? screens.userForgetPassword : screens.forgetPassword} className={authStyles.link}>
                {t('auth.signIn.forgot')}
              </Link>
            </div>
            <Button type="submit" size="lg" block loading={busy} loadingText={t('auth.signIn.submitting')}>
              {t('actions.signIn')}
            </Button>
          </form>
        )}
      />
      <FailureDialog message={error} onClose={dismiss} />
    </>
  )
}

import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { adminLoginBody, type AdminLoginBody } from '../../contract/auth'
import { FormPasswordField, FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'
import { useAdminSignIn } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'
import { AuthHeading, authStyles } from './auth-card'
import { screens } from '../../contract/screens'

export function SignInScreen() {
  const { busy, error, signIn, dismiss } = useAdminSignIn()
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const validate = useMemo(() => zodValidator(adminLoginBody, translate), [translate])

  return (
    <>
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
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
              <Link to={screens.forgetPassword} className={authStyles.link}>
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

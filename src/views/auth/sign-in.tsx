import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { adminLoginBody, type AdminLoginBody } from '../../contract'
import { FormPasswordField, FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { useRoot } from '../../app/root'
import { paths } from '../../app/paths'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'
import { useTranslateRef } from '../shared/use-translate-ref'
import { AuthHeading, authStyles } from './auth-card'

export function SignInScreen() {
  const { session, locale } = useRoot()
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const busy = useSelector(session, (s) => s.matches('signingIn'))
  const error = useSelector(session, (s) => (s.matches('signedOut') ? s.context.error : null))
  const validate = useMemo(() => zodValidator(adminLoginBody, translate), [translate])

  return (
    <>
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      <Form<AdminLoginBody>
        onSubmit={(values) => {
          session.send({ type: 'session.signIn', email: values.email, password: values.password, locale: locale.getSnapshot().context.locale })
        }}
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
              <Link to={paths.forgetPassword} className={authStyles.link}>
                {t('auth.signIn.forgot')}
              </Link>
            </div>
            <Button type="submit" size="lg" block loading={busy} loadingText={t('auth.signIn.submitting')}>
              {t('actions.signIn')}
            </Button>
          </form>
        )}
      />
      <FailureDialog message={error} onClose={() => session.send({ type: 'session.dismissError' })} />
    </>
  )
}

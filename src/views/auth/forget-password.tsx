import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { forgotPasswordBody, type ForgotPasswordBody } from '../../contract'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { forgotPasswordMachine } from '../../machines/forgot-password'
import { paths } from '../../app/paths'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'
import { useTranslateRef } from '../shared/use-translate-ref'
import { AuthHeading, authStyles } from './auth-card'

export function ForgetPasswordScreen() {
  const [snapshot, send] = useMachine(forgotPasswordMachine)
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const validate = useMemo(() => zodValidator(forgotPasswordBody, translate), [translate])
  const sending = snapshot.matches('sending')
  const failure = snapshot.context.failure

  if (snapshot.matches('sent')) {
    return (
      <>
        <AuthHeading title={t('auth.forgot.sentTitle')} />
        <div className={authStyles.form}>
          <Alert tone="success">{t('auth.forgot.sentBody')}</Alert>
          <Link to={paths.signIn} className={authStyles.link}>
            {t('actions.backToSignIn')}
          </Link>
        </div>
      </>
    )
  }

  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <Form<ForgotPasswordBody>
        onSubmit={(values) => {
          send({ type: 'forgot.submit', email: values.email })
        }}
        validate={validate}
        initialValues={{ email: snapshot.context.email }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate className={authStyles.form}>
            <FormTextField
              name="email"
              type="email"
              inputMode="email"
              label={t('fields.email')}
              autoComplete="username"
              required
              autoFocus
              serverError={failure?.errors.email?.[0]}
            />
            <Button type="submit" size="lg" block loading={sending} loadingText={t('auth.forgot.submitting')}>
              {t('actions.send')}
            </Button>
            <Link to={paths.signIn} className={authStyles.link}>
              {t('actions.backToSignIn')}
            </Link>
          </form>
        )}
      />
      <FailureDialog message={failure ? failure.message : null} onClose={() => send({ type: 'forgot.dismiss' })} />
    </>
  )
}

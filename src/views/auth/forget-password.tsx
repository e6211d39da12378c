import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { forgotPasswordBody, type ForgotPasswordBody } from '../../contract/auth'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { forgotPasswordMachine, forgotViewOf } from '../../machines/forgot-password'
import type { Identity } from '../../machines/session'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { FailureDialog } from '../shared/failure-dialog'
import { useChart } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'
import { AuthHeading, authStyles, signInOf } from './auth-card'

/** An end user (a vendor) asks for their link; the way back is the vendor's sign-in. */
export const UserForgetPasswordScreen = () => <ForgetPasswordScreen identity="user" />

export function ForgetPasswordScreen({ identity = 'admin' }: { identity?: Identity }) {
  const forgot = useChart(forgotPasswordMachine, { identity })
  const { sent, sending, email, failure } = useSelector(forgot, forgotViewOf, shallowEqual)
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const validate = useMemo(() => zodValidator(forgotPasswordBody, translate), [translate])

  if (sent) {
    return (
      <>
        <AuthHeading title={t('auth.forgot.sentTitle')} />
        <div className={authStyles.form}>
          <Alert tone="success">{t('auth.forgot.sentBody')}</Alert>
          <Button variant="outline" size="lg" block onClick={() => forgot.send({ type: 'forgot.again' })}>
            {t('auth.forgot.again')}
          </Button>
          <Link to={signInOf(identity)} className={authStyles.link}>
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
          forgot.send({ type: 'forgot.submit', email: values.email })
        }}
        validate={validate}
        initialValues={{ email }}
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
            <Link to={signInOf(identity)} className={authStyles.link}>
              {t('actions.backToSignIn')}
            </Link>
          </form>
        )}
      />
      <FailureDialog message={failure ? failure.message : null} onClose={() => forgot.send({ type: 'forgot.dismiss' })} />
    </>
  )
}

import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { resetPasswordBody } from '../../contract/auth'
import { FormPasswordField } from '../../forms/fields'
import { passwordStrength } from '../../forms/password-strength'
import { zodValidator } from '../../forms/zod-adapter'
import { resetPasswordMachine, resetViewOf } from '../../machines/reset-password'
import type { Identity } from '../../machines/session'
import { Alert } from '../../ui/alert'
import { Button, buttonRecipe } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { StrengthMeter } from '../../ui/strength-meter'
import { FailureDialog, SuccessDialog } from '../shared/failure-dialog'
import { useChart } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'
import { AuthHeading, authStyles, signInOf } from './auth-card'
import { screens } from '../../contract/screens'

type Values = { password: string; password_confirmation: string }

/** An end user's (a vendor's) reset link: the same chart and screen on their own endpoints. */
export const UserResetPasswordScreen = () => <ResetPasswordScreen identity="user" />

export function ResetPasswordScreen({ identity = 'admin' }: { identity?: Identity }) {
  const [params] = useSearchParams()
  const reset = useChart(resetPasswordMachine, { token: params.get('token') ?? '', identity })
  const forgetPassword = identity === 'user' ? screens.userForgetPassword : screens.forgetPassword
  const { stage, submitting, token, email, message, failure, errors } = useSelector(reset, resetViewOf, shallowEqual)
  const { t } = useTranslation()
  const navigate = useNavigate()
  const translate = useTranslateRef()
  const validate = useMemo(() => {
    const check = zodValidator(resetPasswordBody, translate)
    return (values: Values) => check({ ...values, token })
  }, [translate, token])

  if (stage === 'checking') return <LoadingScreen label={t('auth.reset.checking')} />

  if (stage === 'checkFailed') {
    return (
      <>
        <AuthHeading title={t('auth.reset.checkFailedTitle')} />
        <div className={authStyles.form}>
          <Alert tone="error">{failure?.message || t('errors.generic')}</Alert>
          <Button size="lg" block onClick={() => reset.send({ type: 'reset.retry' })}>
            {t('actions.tryAgain')}
          </Button>
        </div>
      </>
    )
  }

  if (stage === 'invalid') {
    return (
      <>
        <AuthHeading title={t('auth.reset.invalidTitle')} />
        <div className={authStyles.form}>
          <Alert tone="error">{failure?.errors.token?.[0] || t('errors.tokenInvalid')}</Alert>
          <Link to={forgetPassword} className={buttonRecipe({ size: 'lg', block: true })}>
            {t('actions.requestNewLink')}
          </Link>
          <Link to={signInOf(identity)} className={authStyles.link}>
            {t('actions.backToSignIn')}
          </Link>
        </div>
      </>
    )
  }

  if (stage === 'done') {
    return (
      <>
        <AuthHeading title={t('auth.reset.doneTitle')} />
        <div className={authStyles.form}>
          <Alert tone="success">{message || t('auth.reset.doneBody')}</Alert>
          <Link to={signInOf(identity)} className={buttonRecipe({ size: 'lg', block: true })}>
            {t('actions.signIn')}
          </Link>
        </div>
        <SuccessDialog
          open
          title={t('auth.reset.doneTitle')}
          message={t('auth.reset.doneBody')}
          onClose={() => navigate(signInOf(identity), { replace: true })}
        />
      </>
    )
  }

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { email })} />
      <Form<Values>
        onSubmit={(values) => {
          reset.send({ type: 'reset.submit', password: values.password, password_confirmation: values.password_confirmation })
        }}
        validate={validate}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate className={authStyles.form}>
            <FormPasswordField
              name="password"
              label={t('fields.newPassword')}
              autoComplete="new-password"
              required
              autoFocus
              showLabel={t('actions.showPassword')}
              hideLabel={t('actions.hidePassword')}
              serverError={errors.password?.[0]}
            >
              {(value) => {
                const strength = passwordStrength(value)
                return (
                  <StrengthMeter
                    label={t('auth.strength.label')}
                    levelLabel={t(`auth.strength.${strength.level}`)}
                    checks={strength.checks.map((c) => ({ id: c.id, passed: c.passed, label: t(`auth.strength.${c.id}`) }))}
                  />
                )
              }}
            </FormPasswordField>
            <FormPasswordField
              name="password_confirmation"
              label={t('fields.password_confirmation')}
              autoComplete="new-password"
              required
              showLabel={t('actions.showPassword')}
              hideLabel={t('actions.hidePassword')}
              serverError={errors.password_confirmation?.[0]}
            />
            <Button type="submit" size="lg" block loading={submitting} loadingText={t('auth.reset.submitting')}>
              {t('actions.submit')}
            </Button>
          </form>
        )}
      />
      <FailureDialog message={failure ? failure.message : null} onClose={() => reset.send({ type: 'reset.dismiss' })} />
    </>
  )
}

import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import type { Admin } from '../../contract/auth'
import { changePasswordBody, updateProfileBody, type ChangePasswordBody, type UpdateProfileBody } from '../../contract/profile'
import { imageUrlOf } from '../../contract/uploads'
import { FormSelectField } from '../../forms/ark-fields'
import { FormPasswordField, FormTextField } from '../../forms/fields'
import { passwordStrength } from '../../forms/password-strength'
import { zodValidator } from '../../forms/zod-adapter'
import { profileMachine, profileViewOf } from '../../machines/profile'
import { Alert } from '../../ui/alert'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { StrengthMeter } from '../../ui/strength-meter'
import { formatDateTime } from '../shared/format'
import { cardStyle } from '../shared/card'
import { FormImageField } from '../shared/image-field'
import { formStyles } from '../shared/resource-form'
import { useAdmin, useChart, useLang, useOwnProfileSaved, useToaster } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '200px 1fr' },
  gap: '1',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const term = css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '600' })
const heading = css({ fontSize: 'lg', fontWeight: '700', mb: '4' })
const card = cx(cardStyle, css({ maxW: '3xl', w: 'full' }))

type ProfileValues = { name: string; email: string; avatar: string | null; locale: Admin['locale'] }
type PasswordValues = { current_password: string; password: string; password_confirmation: string }

/** The signed-in admin's own account: what the server knows of it, its profile form and its password form. */
export function ProfileScreen() {
  const { t } = useTranslation()
  const lang = useLang()
  const toaster = useToaster()
  const ownProfileSaved = useOwnProfileSaved()
  const profile = useChart(
    profileMachine.provide({
      actions: {
        onSaved: (_, { message, admin }) => {
          ownProfileSaved(admin)
          toaster.success({ title: message })
        },
      },
    }),
  )
  const view = useSelector(profile, profileViewOf, shallowEqual)
  // the language follows the session's admin: the header's switch saves it without this page's forms
  const sessionLocale = useAdmin()?.locale
  const translate = useTranslateRef()
  const validateProfile = useMemo(() => zodValidator(updateProfileBody, translate), [translate])
  const validatePassword = useMemo(() => zodValidator(changePasswordBody, translate), [translate])
  const fieldError = (form: 'profile' | 'password', field: string) =>
    view.failedForm === form ? view.failure?.errors[field]?.[0] : undefined
  const formFailure = (form: 'profile' | 'password') =>
    view.failedForm === form && view.failure && Object.keys(view.failure.errors).length === 0
      ? view.failure.message || t('errors.generic')
      : null

  if (view.loading) return <LoadingScreen label={t('profile.loading')} />
  const admin = view.admin
  if (view.failedToLoad || !admin)
    return (
      <section className={card}>
        <Alert tone="error">{view.failure?.message || t('errors.generic')}</Alert>
        <Button type="button" onClick={() => profile.send({ type: 'profile.retry' })}>
          {t('actions.tryAgain')}
        </Button>
      </section>
    )

  const initialProfile: ProfileValues = { name: admin.name, email: admin.email, avatar: admin.avatar, locale: admin.locale }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
      <section className={card} aria-labelledby="profile-account">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4', mb: '4' })}>
          <Avatar name={admin.name} src={imageUrlOf(admin.avatar)} />
          <h2 id="profile-account" className={css({ fontSize: 'xl', fontWeight: '700' })}>
            {admin.name}
          </h2>
        </div>
        <dl>
          <div className={row}>
            <dt className={term}>{t('fields.email')}</dt>
            <dd dir="ltr" className={css({ textAlign: 'start' })}>
              {admin.email}
            </dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('fields.userType')}</dt>
            <dd>{t(`dashboard.role.${admin.user_type}`)}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('fields.locale')}</dt>
            <dd>{t(`language.${sessionLocale ?? admin.locale}`)}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('fields.lastSignIn')}</dt>
            <dd>{admin.last_login_at ? formatDateTime(admin.last_login_at, lang) : t('dashboard.firstSignIn')}</dd>
          </div>
        </dl>
      </section>

      <section className={card} aria-labelledby="profile-edit">
        <h2 id="profile-edit" className={heading}>
          {t('profile.editTitle')}
        </h2>
        <Form<ProfileValues>
          initialValues={initialProfile}
          validate={validateProfile}
          onSubmit={(values) => profile.send({ type: 'profile.save', body: values as UpdateProfileBody })}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate className={formStyles.grid} aria-label={t('profile.editTitle')}>
              <FormTextField
                name="name"
                label={t('users.fields.name')}
                required
                autoComplete="username"
                serverError={fieldError('profile', 'name')}
              />
              <FormTextField
                name="email"
                type="email"
                lang="en"
                inputMode="email"
                label={t('fields.email')}
                required
                autoComplete="email"
                serverError={fieldError('profile', 'email')}
              />
              <FormSelectField
                name="locale"
                label={t('fields.locale')}
                options={(['ar', 'en'] as const).map((value) => ({ value, label: t(`language.${value}`) }))}
                serverError={fieldError('profile', 'locale')}
              />
              <div className={formStyles.wide}>
                <FormImageField name="avatar" label={t('users.fields.avatar')} serverError={fieldError('profile', 'avatar')} />
              </div>
              {formFailure('profile') ? (
                <div className={formStyles.wide}>
                  <Alert tone="error">{formFailure('profile')}</Alert>
                </div>
              ) : null}
              <div className={formStyles.wide}>
                <Button type="submit" loading={view.saving} loadingText={t('profile.saving')}>
                  {t('actions.save')}
                </Button>
              </div>
            </form>
          )}
        />
      </section>

      <section className={card} aria-labelledby="profile-password">
        <h2 id="profile-password" className={heading}>
          {t('profile.passwordTitle')}
        </h2>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>{t('profile.passwordHint')}</p>
        <Form<PasswordValues>
          key={view.passwordChanges}
          validate={validatePassword}
          onSubmit={(values) => profile.send({ type: 'profile.changePassword', body: values as ChangePasswordBody })}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate className={formStyles.grid} aria-label={t('profile.passwordTitle')}>
              <div className={formStyles.wide}>
                <FormPasswordField
                  name="current_password"
                  label={t('profile.currentPassword')}
                  autoComplete="current-password"
                  required
                  showLabel={t('actions.showPassword')}
                  hideLabel={t('actions.hidePassword')}
                  serverError={fieldError('password', 'current_password')}
                />
              </div>
              <FormPasswordField
                name="password"
                label={t('fields.newPassword')}
                autoComplete="new-password"
                required
                showLabel={t('actions.showPassword')}
                hideLabel={t('actions.hidePassword')}
                serverError={fieldError('password', 'password')}
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
                serverError={fieldError('password', 'password_confirmation')}
              />
              {formFailure('password') ? (
                <div className={formStyles.wide}>
                  <Alert tone="error">{formFailure('password')}</Alert>
                </div>
              ) : null}
              {view.passwordMessage ? (
                <div className={formStyles.wide} role="status">
                  <Alert tone="success">{view.passwordMessage}</Alert>
                </div>
              ) : null}
              <div className={formStyles.wide}>
                <Button type="submit" loading={view.changing} loadingText={t('profile.changing')}>
                  {t('profile.changePassword')}
                </Button>
              </div>
            </form>
          )}
        />
      </section>
    </div>
  )
}

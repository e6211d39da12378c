import { lazy, Suspense, useMemo } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  adminUserCreateBody,
  adminUsersScreens,
  adminUsersResource,
  adminUserUpdateBody,
  userTypes,
  type AdminUser,
} from '../../contract/admin-users'
import { FormSelectField } from '../../forms/ark-fields'
import { FormPasswordField, FormTextField, shownError, subscription } from '../../forms/fields'
import { passwordStrength } from '../../forms/password-strength'
import { Alert } from '../../ui/alert'
import { StrengthMeter } from '../../ui/strength-meter'
import { Switch } from '../../ui/switch'
import { FormImageField } from '../shared/image-field'
import { ResourceForm, formStyles } from '../shared/resource-form'
import { useSelectList } from '../shared/runtime'

const MultiComboboxField = lazy(() => import('../../ui/combobox-field').then((m) => ({ default: m.MultiComboboxField })))

type Values = {
  name: string
  email: string
  password: string
  password_confirmation: string
  avatar: string | null
  role_ids: number[]
  user_type: AdminUser['user_type']
  is_active: boolean
  /** The signed-in admin's own record: its roles, type and status are locked (not sent as such). */
  is_self: boolean
}

function valuesOf(record: Partial<AdminUser>): Values {
  return {
    name: record.name ?? '',
    email: record.email ?? '',
    password: '',
    password_confirmation: '',
    avatar: record.avatar ?? null,
    role_ids: record.role_ids ?? [],
    user_type: record.user_type ?? 'sub',
    is_active: record.is_active ?? true,
    is_self: record.is_self ?? false,
  }
}

/** An empty password on edit keeps the current one. */
const payloadOf = ({ is_self: _self, ...values }: Values) =>
  values.password ? values : { ...values, password: undefined, password_confirmation: undefined }

const schemas = { create: adminUserCreateBody, update: adminUserUpdateBody }

function RolesField({ serverError, disabled }: { serverError?: string | undefined; disabled: boolean }) {
  const { t } = useTranslation()
  const { list } = useSelectList('roles')
  const options = useMemo(() => (list ?? []).map((r) => ({ value: String(r.id), label: r.name })), [list])
  const { input, meta } = useField<number[]>('role_ids', { subscription })
  const value = useMemo(() => (Array.isArray(input.value) ? input.value.map(String) : []), [input.value])
  return (
    <Suspense>
      <MultiComboboxField
        name="role_ids"
        label={t('users.fields.roles')}
        value={value}
        options={options}
        disabled={disabled}
        placeholder={t('users.rolesPlaceholder')}
        emptyText={t('table.noMatch')}
        removeLabel={(option) => t('table.removeChoice', { name: option })}
        openLabel={t('table.openChoices')}
        onValueChange={(next) => input.onChange(next.map(Number))}
        onBlur={() => input.onBlur()}
        error={shownError(meta, serverError)}
      />
    </Suspense>
  )
}

function ActiveField({ disabled, serverError }: { disabled: boolean; serverError?: string | undefined }) {
  const { t } = useTranslation()
  const { input } = useField<boolean>('is_active', { subscription: { value: true } })
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
      <Switch
        label={t('users.fields.is_active')}
        checked={Boolean(input.value)}
        disabled={disabled}
        onCheckedChange={(v) => input.onChange(v)}
      />
      {serverError ? (
        <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm' })}>
          {serverError}
        </p>
      ) : null}
    </div>
  )
}

/** Create (no id) or edit an admin user; its own record locks what it may not change, and says why. */
export function AdminUserFormScreen() {
  const creating = !useParams().id
  return (
    <ResourceForm<Values, AdminUser>
      resource={adminUsersResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={() => adminUsersScreens.list}
      listPath={adminUsersScreens.list}
    >
      {(serverError) => <Fields creating={creating} serverError={serverError} />}
    </ResourceForm>
  )
}

function Fields({ creating, serverError }: { creating: boolean; serverError: (field: string) => string | undefined }) {
  const { t } = useTranslation()
  const self = Boolean(useField<boolean>('is_self', { subscription: { value: true } }).input.value)
  return (
    <div className={formStyles.grid}>
      <div className={formStyles.wide}>
        <Alert tone="info">
          {self ? `${t('users.hints.self')} ` : ''}
          {t('users.hints.sessions')} {t('users.hints.lastPrimary')}
        </Alert>
      </div>
      <FormTextField name="name" label={t('users.fields.name')} required autoComplete="off" serverError={serverError('name')} />
      <FormTextField
        name="email"
        type="email"
        lang="en"
        inputMode="email"
        label={t('users.fields.email')}
        required
        autoComplete="off"
        serverError={serverError('email')}
      />
      <FormPasswordField
        name="password"
        label={t(creating ? 'users.fields.password' : 'users.fields.newPassword')}
        autoComplete="new-password"
        required={creating}
        showLabel={t('actions.showPassword')}
        hideLabel={t('actions.hidePassword')}
        serverError={serverError('password')}
      >
        {(value) => {
          if (!creating && !value) return null
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
        label={t('users.fields.password_confirmation')}
        autoComplete="new-password"
        required={creating}
        showLabel={t('actions.showPassword')}
        hideLabel={t('actions.hidePassword')}
        serverError={serverError('password_confirmation')}
      />
      <div className={formStyles.wide}>
        <FormImageField name="avatar" label={t('users.fields.avatar')} serverError={serverError('avatar')} />
      </div>
      <div className={formStyles.wide}>
        <RolesField disabled={self} serverError={serverError('role_ids')} />
      </div>
      <FormSelectField
        name="user_type"
        label={t('users.fields.user_type')}
        disabled={self}
        options={userTypes.map((value) => ({ value, label: t(`users.types.${value}`) }))}
        serverError={serverError('user_type')}
      />
      <ActiveField disabled={self} serverError={serverError('is_active')} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('users.hints.primary')}</p>
    </div>
  )
}

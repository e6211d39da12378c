import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useFormState } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { screens } from '../../contract/screens'
import { settingsBody, settingsResource, settingsTabs, socialNetworks, type Settings, type SettingsTab } from '../../contract/settings'
import { FormSelectField, FormSwitch, FormTextareaField } from '../../forms/ark-fields'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { crudFormMachine, formFailure, formLoadingFlags, initialValuesOf } from '../../machines/crud-form'
import { settingsActors } from '../../machines/settings'
import { Tabs } from '../../ui/tabs'
import { LoadingScreen } from '../../ui/spinner'
import { LoadFailed } from '../shared/card'
import { formatDateTime } from '../shared/format'
import { useGuardedForm } from '../shared/form-guard'
import { FormImageField } from '../shared/image-field'
import { useNavigationGuard } from '../shared/navigation-guard'
import { CrudFormBody, formStyles, type ServerError } from '../shared/resource-form'
import { useChart, useLang, useToaster } from '../shared/runtime'
import { applySite } from '../shared/site'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = Omit<Settings, 'version' | 'updated_at'>

const valuesOf = (record: Partial<Settings>): Values => ({
  site_name_ar: record.site_name_ar ?? '',
  site_name_en: record.site_name_en ?? '',
  logo: record.logo ?? null,
  default_language: record.default_language ?? 'ar',
  contact_email: record.contact_email ?? '',
  support_email: record.support_email ?? '',
  phone: record.phone ?? '',
  second_phone: record.second_phone ?? '',
  support_hours_ar: record.support_hours_ar ?? '',
  support_hours_en: record.support_hours_en ?? '',
  social_links: Object.fromEntries(socialNetworks.map((n) => [n, record.social_links?.[n] ?? ''])),
  mail_sender_name: record.mail_sender_name ?? '',
  mail_sender_email: record.mail_sender_email ?? '',
  contact_form_enabled: record.contact_form_enabled ?? true,
})

/** Empty text fields go as empty strings (final-form drops them), the links as one object. */
const payloadOf = (values: Values) => ({
  ...values,
  logo: values.logo || null,
  support_email: values.support_email ?? '',
  phone: values.phone ?? '',
  second_phone: values.second_phone ?? '',
  support_hours_ar: values.support_hours_ar ?? '',
  support_hours_en: values.support_hours_en ?? '',
  social_links: Object.fromEntries(socialNetworks.map((n) => [n, values.social_links?.[n] ?? ''])),
  contact_form_enabled: values.contact_form_enabled ?? false,
})

/** Which tab a field is on. */
const tabOf = (field: string): SettingsTab =>
  field.startsWith('social_links')
    ? 'social'
    : ['mail_sender_name', 'mail_sender_email', 'contact_form_enabled'].includes(field)
      ? 'mail'
      : ['contact_email', 'support_email', 'phone', 'second_phone', 'support_hours_ar', 'support_hours_en'].includes(field)
        ? 'contact'
        : 'general'

/** The dotted names of the fields with an error (`social_links.x`). */
const errorFields = (errors: object, prefix = ''): string[] =>
  Object.entries(errors).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? errorFields(value, `${prefix}${key}.`) : value ? [`${prefix}${key}`] : [],
  )

const tabOfAddress = (value: string | null): SettingsTab =>
  (settingsTabs as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'general'

/** The platform's settings; after a save the page starts again from what was saved. */
export function SettingsScreen() {
  const [round, setRound] = useState(0)
  return <SettingsForm key={round} onSaved={() => setRound((n) => n + 1)} />
}

function SettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t, i18n } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const toaster = useToaster()
  const guard = useNavigationGuard()
  const lang = useLang()
  const form = useChart(
    crudFormMachine.provide({
      actors: settingsActors,
      actions: {
        onSaved: (_, saved) => {
          toaster.success({ title: saved.message })
          // the site's names and logo change on every screen at once
          const settings = saved.record as Settings
          applySite(i18n, { name_ar: settings.site_name_ar, name_en: settings.site_name_en, logo: settings.logo })
          onSaved()
        },
        leave: () => {
          guard.leaving()
          navigate(screens.dashboard)
        },
        ...guard.actions,
      },
    }),
    { resource: settingsResource, id: 1, fieldsOf: (loaded) => payloadOf(valuesOf(loaded as Partial<Settings>)) },
  )
  useGuardedForm(form, guard)
  const loading = useSelector(form, (s) => formLoadingFlags(s).item || s.matches('starting'))
  const failed = useSelector(form, (s) => (s.matches('loadFailed') ? (formFailure(s)?.message ?? '') : null))
  const record = useSelector(form, initialValuesOf) as Partial<Settings>
  const errors = useSelector(form, (s) => s.context.errors)
  const initialValues = useMemo(() => valuesOf(record), [record])
  const validate = useMemo(() => {
    const check = zodValidator(settingsBody, translate)
    return (payload: unknown) => check({ ...(payload as object), version: record.version ?? 0 })
  }, [translate, record])
  const serverError: ServerError = (field) => errors[field]?.[0]

  if (loading) return <LoadingScreen label={t('common.loading')} />
  if (failed !== null)
    return (
      <LoadFailed
        message={failed}
        onRetry={() => form.send({ type: 'form.retry' })}
        onBack={() => form.send({ type: 'form.leaveRequested' })}
      />
    )
  return (
    <CrudFormBody<Values>
      form={form}
      initialValues={initialValues}
      validate={validate}
      payloadOf={payloadOf}
      className={formStyles.card}
      labelOf={(field) => t(`settings.fields.${field.replace('social_links.', 'social.')}`, { defaultValue: field })}
    >
      <SettingsTabs serverErrors={Object.keys(errors)} serverError={serverError} />
      {record.updated_at ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '4' })}>
          {t('settings.updatedAt', { date: formatDateTime(record.updated_at, lang) })}
        </p>
      ) : null}
    </CrudFormBody>
  )
}

/** The tabs, the one in the address shown; a refused save opens the first tab with a field to fix. */
function SettingsTabs({ serverErrors, serverError }: { serverErrors: string[]; serverError: ServerError }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab = tabOfAddress(params.get('tab'))
  const choose = (next: string) => setParams(next === 'general' ? {} : { tab: next }, { replace: true })
  const state = useFormState({ subscription: { errors: true, submitFailed: true, submitting: true } })
  const invalid = [...errorFields(state.errors ?? {}), ...serverErrors]
  const count = (of: SettingsTab) => invalid.filter((field) => tabOf(field) === of).length
  // a refused save (here or by the server) opens the first tab with a field to fix
  const refusals = useRef(0)
  const refused = state.submitFailed || serverErrors.length > 0
  useEffect(() => {
    if (!refused) return
    refusals.current += 1
    const first = settingsTabs.find((of) => invalid.some((field) => tabOf(field) === of))
    if (first && first !== tab) choose(first)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused, state.submitting, serverErrors.length])

  const label = (of: SettingsTab) => {
    const n = count(of)
    return (
      <>
        {t(`settings.tabs.${of}`)}
        {n > 0 ? (
          <span
            className={css({ ms: '2', px: '1.5', borderRadius: 'full', bg: 'danger.muted', color: 'danger.fg', fontSize: 'xs' })}
            aria-label={t('settings.tabErrors', { count: n })}
          >
            {n}
          </span>
        ) : null}
      </>
    )
  }
  const grid = formStyles.grid
  return (
    <Tabs
      label={t('settings.tabsLabel')}
      value={tab}
      onValueChange={choose}
      lazyMount={false}
      items={[
        {
          value: 'general',
          label: label('general'),
          content: (
            <div className={grid}>
              <FormTextField
                name="site_name_ar"
                label={t('settings.fields.site_name_ar')}
                lang="ar"
                required
                serverError={serverError('site_name_ar')}
              />
              <FormTextField
                name="site_name_en"
                label={t('settings.fields.site_name_en')}
                lang="en"
                required
                serverError={serverError('site_name_en')}
              />
              <FormSelectField
                name="default_language"
                label={t('settings.fields.default_language')}
                options={[
                  { value: 'ar', label: 'العربية' },
                  { value: 'en', label: 'English' },
                ]}
                serverError={serverError('default_language')}
              />
              <FormImageField name="logo" label={t('settings.fields.logo')} serverError={serverError('logo')} />
            </div>
          ),
        },
        {
          value: 'contact',
          label: label('contact'),
          content: (
            <div className={grid}>
              <FormTextField
                name="contact_email"
                type="email"
                inputMode="email"
                lang="en"
                label={t('settings.fields.contact_email')}
                required
                serverError={serverError('contact_email')}
              />
              <FormTextField
                name="support_email"
                type="email"
                inputMode="email"
                lang="en"
                label={t('settings.fields.support_email')}
                serverError={serverError('support_email')}
              />
              <FormTextField
                name="phone"
                type="tel"
                inputMode="tel"
                lang="en"
                label={t('settings.fields.phone')}
                serverError={serverError('phone')}
              />
              <FormTextField
                name="second_phone"
                type="tel"
                inputMode="tel"
                lang="en"
                label={t('settings.fields.second_phone')}
                serverError={serverError('second_phone')}
              />
              <FormTextareaField
                name="support_hours_ar"
                label={t('settings.fields.support_hours_ar')}
                rows={2}
                serverError={serverError('support_hours_ar')}
              />
              <FormTextareaField
                name="support_hours_en"
                label={t('settings.fields.support_hours_en')}
                rows={2}
                serverError={serverError('support_hours_en')}
              />
            </div>
          ),
        },
        {
          value: 'social',
          label: label('social'),
          content: (
            <div className={grid}>
              {socialNetworks.map((network) => (
                <FormTextField
                  key={network}
                  name={`social_links.${network}`}
                  type="url"
                  lang="en"
                  label={t(`settings.fields.social.${network}`)}
                  serverError={serverError(`social_links.${network}`)}
                />
              ))}
            </div>
          ),
        },
        {
          value: 'mail',
          label: label('mail'),
          content: (
            <div className={grid}>
              <FormTextField
                name="mail_sender_name"
                label={t('settings.fields.mail_sender_name')}
                required
                serverError={serverError('mail_sender_name')}
              />
              <FormTextField
                name="mail_sender_email"
                type="email"
                inputMode="email"
                lang="en"
                label={t('settings.fields.mail_sender_email')}
                required
                serverError={serverError('mail_sender_email')}
              />
              <div className={css({ gridColumn: { md: '1 / -1' } })}>
                <FormSwitch name="contact_form_enabled" label={t('settings.fields.contact_form_enabled')} />
                <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{t('settings.contactFormHint')}</p>
              </div>
            </div>
          ),
        },
      ]}
    />
  )
}

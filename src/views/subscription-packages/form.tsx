import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { packageTypes, subscriptionTypes } from '../../contract/core'
import {
  MAX_PACKAGE_DAYS,
  MAX_PRICE,
  packageCreateBody,
  packageLimitKeys,
  packagesResource,
  packagesScreens,
  packageUpdateBody,
  type PackageLimitKey,
  type SubscriptionPackage,
} from '../../contract/packages'
import { FormBilingualFields, FormNumberField, FormRichTextEditor, FormSelectField, FormSwitch } from '../../forms/ark-fields'
import { Alert } from '../../ui/alert'
import { useEditorLabels } from '../shared/editor-labels'
import { ResourceForm, formStyles } from '../shared/resource-form'

type PackageType = SubscriptionPackage['package_type']
type SubscriptionType = SubscriptionPackage['subscription_type']

type Values = {
  title_ar: string
  title_en: string
  short_description_ar: string
  short_description_en: string
  description_ar: string
  description_en: string
  price: number | undefined
  subscription_type: SubscriptionType
  days: number | undefined
  package_type: PackageType
  is_active: boolean
  display_order: number | undefined
} & Record<PackageLimitKey, number | undefined>

function valuesOf(record: Partial<SubscriptionPackage>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  const limits = Object.fromEntries(packageLimitKeys.map((key) => [key, record[key] ?? undefined])) as Record<
    PackageLimitKey,
    number | undefined
  >
  return {
    title_ar: tr('ar')?.title ?? '',
    title_en: tr('en')?.title ?? '',
    short_description_ar: tr('ar')?.short_description ?? '',
    short_description_en: tr('en')?.short_description ?? '',
    description_ar: tr('ar')?.description ?? '',
    description_en: tr('en')?.description ?? '',
    price: record.price ?? undefined,
    subscription_type: record.subscription_type ?? 'MONTH',
    days: record.days ?? undefined,
    package_type: record.package_type ?? 'STANDARD',
    is_active: record.is_active ?? true,
    display_order: record.display_order,
    ...limits,
  }
}

/** What is sent: empty limits as null (unlimited), a free trial at price 0, days only for DAYS. */
const payloadOf = (values: Values) => {
  const freeTrial = values.package_type === 'FREE_TRIAL'
  return {
    title_ar: values.title_ar,
    title_en: values.title_en,
    short_description_ar: values.short_description_ar,
    short_description_en: values.short_description_en,
    description_ar: values.description_ar?.trim() ? values.description_ar : null,
    description_en: values.description_en?.trim() ? values.description_en : null,
    price: freeTrial ? 0 : values.price,
    subscription_type: freeTrial ? 'DAYS' : values.subscription_type,
    days: !freeTrial && values.subscription_type === 'DAYS' ? values.days : null,
    package_type: values.package_type,
    ...Object.fromEntries(packageLimitKeys.map((key) => [key, values[key] ?? null])),
    is_active: values.is_active,
    ...(values.display_order === undefined ? {} : { display_order: values.display_order }),
  }
}

const section = css({
  gridColumn: { md: '1 / -1' },
  fontSize: 'lg',
  fontWeight: '700',
  mt: '4',
  pb: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})

/** Price and period: a free trial has neither (price 0, the trial days of the settings); DAYS asks for its days. */
function PriceAndPeriod({ serverError }: { serverError: (field: string) => string | undefined }) {
  const { t } = useTranslation()
  const packageType = useField<PackageType>('package_type', { subscription: { value: true } }).input.value
  const subscriptionType = useField<SubscriptionType>('subscription_type', { subscription: { value: true } }).input.value
  const freeTrial = packageType === 'FREE_TRIAL'
  return (
    <>
      <FormSelectField
        name="package_type"
        label={t('subscription-packages.fields.package_type')}
        options={packageTypes.map((value) => ({ value, label: t(`lists.package_types.${value}`) }))}
        serverError={serverError('package_type')}
      />
      {freeTrial ? (
        <div className={css({ alignSelf: 'end' })}>
          <Alert tone="info">{t('subscription-packages.trialNote')}</Alert>
        </div>
      ) : (
        <FormNumberField
          name="price"
          label={t('subscription-packages.fields.price')}
          min={0}
          max={MAX_PRICE}
          step={0.01}
          formatOptions={{ maximumFractionDigits: 2, useGrouping: false }}
          required
          serverError={serverError('price')}
        />
      )}
      {freeTrial ? null : (
        <FormSelectField
          name="subscription_type"
          label={t('subscription-packages.fields.subscription_type')}
          options={subscriptionTypes.map((value) => ({ value, label: t(`lists.subscription_types.${value}`) }))}
          serverError={serverError('subscription_type')}
        />
      )}
      {!freeTrial && subscriptionType === 'DAYS' ? (
        <FormNumberField
          name="days"
          label={t('subscription-packages.fields.days')}
          min={1}
          max={MAX_PACKAGE_DAYS}
          formatOptions={{ maximumFractionDigits: 0 }}
          required
          serverError={serverError('days')}
        />
      ) : null}
    </>
  )
}

const schemas = { create: packageCreateBody, update: packageUpdateBody }

/** Create (no id) or edit a package; saving goes back to the list. */
export function PackageFormScreen() {
  const { t } = useTranslation()
  const editorLabels = useEditorLabels()
  return (
    <ResourceForm<Values, SubscriptionPackage>
      resource={packagesResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={() => packagesScreens.list}
      listPath={packagesScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="title"
            labels={{ ar: t('subscription-packages.fields.title_ar'), en: t('subscription-packages.fields.title_en') }}
            required
            serverError={serverError}
          />
          <FormBilingualFields
            name="short_description"
            labels={{
              ar: t('subscription-packages.fields.short_description_ar'),
              en: t('subscription-packages.fields.short_description_en'),
            }}
            required
            rows={2}
            serverError={serverError}
          />
          <h2 className={section}>{t('subscription-packages.priceTitle')}</h2>
          <PriceAndPeriod serverError={serverError} />
          <FormNumberField
            name="display_order"
            label={t('subscription-packages.fields.display_order')}
            min={0}
            formatOptions={{ maximumFractionDigits: 0 }}
            serverError={serverError('display_order')}
          />
          <div className={css({ alignSelf: 'end', pb: '2' })}>
            <FormSwitch name="is_active" label={t('subscription-packages.fields.is_active')} />
          </div>
          <h2 className={section}>{t('subscription-packages.limitsTitle')}</h2>
          <p className={css({ gridColumn: { md: '1 / -1' }, color: 'fg.muted', fontSize: 'sm', mt: '-2' })}>
            {t('subscription-packages.limitsHint')}
          </p>
          {packageLimitKeys.map((key) => (
            <FormNumberField
              key={key}
              name={key}
              label={t(`subscription-packages.fields.${key}`)}
              min={0}
              formatOptions={{ maximumFractionDigits: 0 }}
              serverError={serverError(key)}
            />
          ))}
          <h2 className={section}>{t('subscription-packages.detailsTitle')}</h2>
          <div className={formStyles.wide}>
            <FormRichTextEditor
              name="description_ar"
              dir="rtl"
              label={t('subscription-packages.fields.description_ar')}
              labels={editorLabels}
              serverError={serverError('description_ar')}
            />
          </div>
          <div className={formStyles.wide}>
            <FormRichTextEditor
              name="description_en"
              dir="ltr"
              label={t('subscription-packages.fields.description_en')}
              labels={editorLabels}
              serverError={serverError('description_en')}
            />
          </div>
        </div>
      )}
    </ResourceForm>
  )
}

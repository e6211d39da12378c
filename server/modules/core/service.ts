import { locales, type Locale } from '../../../src/contract/common'
import {
  attributeTypes,
  legacyPaymentMethods,
  packageTypes,
  paymentMethods,
  paymentStatuses,
  subscriptionTypes,
  type CommonResult,
  type ConstantItem,
} from '../../../src/contract/core'
import { t } from '../../i18n'

const items = (lang: Locale, list: string, values: readonly string[], legacy = false): ConstantItem[] =>
  values.map((value) => ({ value, label: t(lang, `lists.${list}.${value}`), ...(legacy ? { legacy: true } : {}) }))

/** The constants of `core/common`, labels in `lang`. */
export function commonLists(lang: Locale): CommonResult {
  return {
    lists: {
      package_types: items(lang, 'package_types', packageTypes),
      subscription_types: items(lang, 'subscription_types', subscriptionTypes),
      payment_methods: [...items(lang, 'payment_methods', paymentMethods), ...items(lang, 'payment_methods', legacyPaymentMethods, true)],
      payment_statuses: items(lang, 'payment_statuses', paymentStatuses),
      attribute_types: items(lang, 'attribute_types', attributeTypes),
      languages: items(lang, 'languages', locales),
    },
  }
}

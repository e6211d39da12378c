import * as z from 'zod/mini'
import { listItemSchema } from './resource'

/** Constants of `GET core/common` (`result.lists`); labels come translated in the `Lang` locale. */
export const packageTypes = ['FREE_TRIAL', 'STANDARD', 'ELITE'] as const
export const subscriptionTypes = ['MONTH', 'YEAR', 'DAYS', 'LIFE_TIME'] as const
/** Offered for new payments. */
export const paymentMethods = ['APPLE_PAY', 'CASH', 'BANK_TRANSFER', 'CREDIT_CARD'] as const
/** Accepted and displayed, never offered (CACHE = cash, BANK = bank transfer). */
export const legacyPaymentMethods = ['CACHE', 'BANK'] as const
export const paymentStatuses = ['Success', 'Pending', 'Rejected', 'DUE_PAYMENT'] as const
export const attributeTypes = ['TEXT', 'NUMBER', 'SELECT', 'MULTI_SELECT', 'COLOR', 'BOOLEAN'] as const

/** One constant: its value, its translated label, and `legacy` for values never offered anew. */
const constantItemSchema = z.object({ value: z.string(), label: z.string(), legacy: z.optional(z.boolean()) })
export type ConstantItem = z.infer<typeof constantItemSchema>

export const commonResult = z.object({
  lists: z.object({
    package_types: z.array(constantItemSchema),
    subscription_types: z.array(constantItemSchema),
    payment_methods: z.array(constantItemSchema),
    payment_statuses: z.array(constantItemSchema),
    attribute_types: z.array(constantItemSchema),
    languages: z.array(constantItemSchema),
  }),
})
export type CommonResult = z.infer<typeof commonResult>

/** `GET core/list/{name}`: `result.list` of `{ id, name }` in the `Lang` locale. */
export const selectListResult = z.object({ list: z.array(listItemSchema) })

import type { TFunction } from 'i18next'
import type { AppNotification } from '../../contract/notifications'

/**
 * A name or number put into a sentence, isolated from the sentence's direction (FSI … PDI): an
 * order number such as ORD-10456 in an Arabic sentence stays one left-to-right piece, and an Arabic
 * store name in an English sentence one right-to-left piece.
 */
const isolated = (value: unknown) => (value === '' || value === undefined || value === null ? '' : `\u2068${String(value)}\u2069`)

/** A notification's sentence in the screen's language, its names put in. */
export const notificationText = (t: TFunction, item: AppNotification): string =>
  t(`notifications.texts.${item.kind}`, {
    name: '',
    order: '',
    days: '',
    ...Object.fromEntries(Object.entries(item.values ?? {}).map(([key, value]) => [key, isolated(value)])),
  })

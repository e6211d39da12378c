import { defineAccess } from './access'
import { defineScreens } from './screens'

/** QA's Flows screen: the product's charts, drawn and followed live. It calls no endpoint; the permission opens the screen. */
export const flowsAccess = defineAccess('flows', ['view'])
export const flowsScreens = defineScreens('flows', { page: '' })

import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

/** Contents: static pages of the public site (About, Privacy, ...) (the article shape of `./articles`). */
export const contentsResource = { name: 'contents', path: 'admin-panal/contents', module: 'contents' } as const
export const contentsAccess = defineAccess(contentsResource.module, crudActions)
export const contentsScreens = defineScreens('contents', { list: 'list', create: 'create', edit: 'edit/:id' })

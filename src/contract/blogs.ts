import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

/** Blogs: posts of the public site (the article shape of `./articles`). */
export const blogsResource = { name: 'blogs', path: 'admin-panal/blogs', module: 'blogs' } as const
export const blogsAccess = defineAccess(blogsResource.module, crudActions)
export const blogsScreens = defineScreens('blogs', { list: 'list', create: 'create', edit: 'edit/:id' })

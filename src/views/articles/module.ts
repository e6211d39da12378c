import { blogsAccess, blogsScreens } from '../../contract/blogs'
import { contentsAccess, contentsScreens } from '../../contract/contents'
import { FileTextIcon, LayersIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/articles.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** Blogs and content pages: two modules on one list and one form (the article shape). */
export default [
  defineModule({
    name: 'blogs',
    routes: [
      {
        path: blogsScreens.patterns.list,
        title: 'blogs.title',
        permission: blogsAccess.can.view,
        screen: () => import('./list').then((m) => m.BlogsListScreen),
      },
      {
        path: blogsScreens.patterns.create,
        title: 'blogs.createTitle',
        permission: blogsAccess.can.create,
        screen: () => import('./form').then((m) => m.BlogFormScreen),
      },
      {
        path: blogsScreens.patterns.edit,
        title: 'blogs.editTitle',
        permission: blogsAccess.can.update,
        screen: () => import('./form').then((m) => m.BlogFormScreen),
      },
    ],
    redirects: [{ from: blogsScreens.section, to: blogsScreens.list }],
    menu: [
      {
        path: blogsScreens.list,
        section: blogsScreens.section,
        label: 'blogs.menu',
        icon: FileTextIcon,
        permission: blogsAccess.can.view,
        group: menuGroups.content,
        order: 10,
      },
    ],
  }),
  defineModule({
    name: 'contents',
    routes: [
      {
        path: contentsScreens.patterns.list,
        title: 'contents.title',
        permission: contentsAccess.can.view,
        screen: () => import('./list').then((m) => m.ContentsListScreen),
      },
      {
        path: contentsScreens.patterns.create,
        title: 'contents.createTitle',
        permission: contentsAccess.can.create,
        screen: () => import('./form').then((m) => m.ContentFormScreen),
      },
      {
        path: contentsScreens.patterns.edit,
        title: 'contents.editTitle',
        permission: contentsAccess.can.update,
        screen: () => import('./form').then((m) => m.ContentFormScreen),
      },
    ],
    redirects: [{ from: contentsScreens.section, to: contentsScreens.list }],
    menu: [
      {
        path: contentsScreens.list,
        section: contentsScreens.section,
        label: 'contents.menu',
        icon: LayersIcon,
        permission: contentsAccess.can.view,
        group: menuGroups.content,
        order: 20,
      },
    ],
  }),
]

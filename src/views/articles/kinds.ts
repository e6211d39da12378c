import { blogsAccess, blogsResource, blogsScreens } from '../../contract/blogs'
import { contentsAccess, contentsResource, contentsScreens } from '../../contract/contents'

/** Blogs and content pages share one shape (contract `articles`); these are what differs. */
export const articleKinds = {
  blogs: { resource: blogsResource, access: blogsAccess, screens: blogsScreens },
  contents: { resource: contentsResource, access: contentsAccess, screens: contentsScreens },
} as const

export type ArticleKind = keyof typeof articleKinds

import { paths } from '../../app/paths'
import { blogsResource } from '../../contract/blogs'
import { contentsResource } from '../../contract/contents'

/** Blogs and content pages share one shape (contract `articles`); these are what differs. */
export const articleKinds = {
  blogs: { resource: blogsResource, paths: paths.blogs },
  contents: { resource: contentsResource, paths: paths.contents },
} as const

export type ArticleKind = keyof typeof articleKinds

import { resourcePaths } from './resource'
import {
  articleCreateBody,
  articleDetailSchema,
  articleListQuery,
  articlePageSchema,
  articleSchema,
  articleSortColumns,
  articleUpdateBody,
  type Article,
  type ArticleCreateBody,
  type ArticleDetail,
  type ArticleListQuery,
  type ArticleUpdateBody,
} from './articles'

/** Blogs: posts of the public site (the article shape of `./articles`). */
export const blogsResource = { name: 'blogs', path: 'admin-panal/blogs', module: 'blogs' } as const
export const blogsPaths = resourcePaths(blogsResource.path)

export const blogCreateBody = articleCreateBody
export type BlogCreateBody = ArticleCreateBody
export const blogUpdateBody = articleUpdateBody
export type BlogUpdateBody = ArticleUpdateBody
export const blogSortColumns = articleSortColumns
export const blogListQuery = articleListQuery
export type BlogListQuery = ArticleListQuery
export const blogSchema = articleSchema
export type Blog = Article
export const blogDetailSchema = articleDetailSchema
export type BlogDetail = ArticleDetail
export const blogPageSchema = articlePageSchema

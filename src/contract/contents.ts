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

/** Contents: static pages of the public site (About, Privacy, ...) (the article shape of `./articles`). */
export const contentsResource = { name: 'contents', path: 'admin-panal/contents', module: 'contents' } as const
export const contentsPaths = resourcePaths(contentsResource.path)

export const contentCreateBody = articleCreateBody
export type ContentCreateBody = ArticleCreateBody
export const contentUpdateBody = articleUpdateBody
export type ContentUpdateBody = ArticleUpdateBody
export const contentSortColumns = articleSortColumns
export const contentListQuery = articleListQuery
export type ContentListQuery = ArticleListQuery
export const contentSchema = articleSchema
export type Content = Article
export const contentDetailSchema = articleDetailSchema
export type ContentDetail = ArticleDetail
export const contentPageSchema = articlePageSchema

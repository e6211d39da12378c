import { blogsResource } from '../../../src/contract'
import { blogs } from '../../db/schema'
import { articleDefinition } from '../../lib/articles'

/** Blogs: the article resource (sanitised bodies, seo_link unique per language) over the blogs table. */
export const blogsDefinition = articleDefinition(blogsResource, blogs)

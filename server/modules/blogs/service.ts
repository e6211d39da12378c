import { blogsResource } from '../../../src/contract/blogs'
import { blogs } from './schema'
import { articleDefinition } from '../../lib/articles'

/** Blogs: the article resource (sanitised bodies, seo_link unique per language) over the blogs table. */
export const blogsDefinition = articleDefinition(blogsResource, blogs)

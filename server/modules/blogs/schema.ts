import { articleTable } from '../../lib/article-table'

/** Blog posts (the article shape). */
export const blogs = articleTable('blogs')

import { articleTable } from '../../lib/article-table'

/** Content pages (the article shape). */
export const contents = articleTable('contents')

import { contentsResource } from '../../../src/contract/contents'
import { contents } from './schema'
import { articleDefinition } from '../../lib/articles'

/** Contents: the article resource (sanitised bodies, seo_link unique per language) over the contents table. */
export const contentsDefinition = articleDefinition(contentsResource, contents)

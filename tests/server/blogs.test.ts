import { articleSuite } from './articles-suite'

articleSuite('blogs')

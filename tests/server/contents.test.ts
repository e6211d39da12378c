import { articleSuite } from './articles-suite'

articleSuite('contents')

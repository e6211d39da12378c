import type { Catalogue } from './catalogue'
import { catalogueOf, type MessageTree } from './merge'

/** The English messages of every module but those loaded at start (`en.ts`): one file, fetched before a module's screen opens. */
const files = import.meta.glob<MessageTree>(['./locales/en/*.json', '!./locales/en/{app,auth,dashboard}.json'], {
  eager: true,
  import: 'default',
})

export default catalogueOf(files) as Partial<Catalogue>

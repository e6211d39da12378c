import type { Catalogue } from './catalogue'
import { catalogueOf, type MessageTree } from './merge'

/** The Arabic messages of every module but those loaded at start (`ar.ts`): one file, fetched before a module's screen opens. */
const files = import.meta.glob<MessageTree>(['./locales/ar/*.json', '!./locales/ar/{app,auth,dashboard}.json'], {
  eager: true,
  import: 'default',
})

export default catalogueOf(files) as Partial<Catalogue>

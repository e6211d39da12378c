import type { Catalogue } from './catalogue'
import { catalogueOf, type MessageTree } from './merge'

/**
 * The English messages every page needs from the start (the app's, signing in, the guest page's
 * intro): the first file the browser loads. The modules' are in `en-more.ts`, fetched before any
 * other screen opens.
 */
const files = import.meta.glob<MessageTree>('./locales/en/{app,auth,dashboard}.json', { eager: true, import: 'default' })

export default catalogueOf(files) as Partial<Catalogue>

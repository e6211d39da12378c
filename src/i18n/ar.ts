import type { Catalogue } from './catalogue'
import { mergeFiles, type MessageTree } from './merge'

/** Every message in Arabic: the app's file and each module's, merged (one file for the browser to load). */
const files = import.meta.glob<MessageTree>('./locales/ar/*.json', { eager: true, import: 'default' })

export default mergeFiles(
  Object.keys(files)
    .sort()
    .map((name) => ({ name, messages: files[name] as MessageTree })),
) as unknown as Catalogue

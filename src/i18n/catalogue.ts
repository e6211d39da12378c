import type { Locale } from '../contract/common'
import type app from './locales/ar/app.json'
import { mergeFiles, type MessageTree } from './merge'

/**
 * The messages beyond the app's own (`locales/<lang>/app.json`): every module adds the type of its
 * file here by declaration merging, next to its declaration (`src/views/<module>/module.ts`), so
 * keys stay checked by the compiler without a central list.
 */
/** @public augmented in each module's `module.ts` */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' augmentations
export interface ModuleMessages {}

export type Catalogue = typeof app & ModuleMessages

const files = import.meta.glob<MessageTree>('./locales/*/*.json', { eager: true, import: 'default' })

const languageOf = (path: string) => /\/locales\/([^/]+)\//.exec(path)?.[1]

function catalogueOf(locale: Locale): Catalogue {
  const own = Object.keys(files)
    .filter((path) => languageOf(path) === locale)
    .sort()
    .map((path) => ({ name: path, messages: files[path] as MessageTree }))
  return mergeFiles(own) as unknown as Catalogue
}

/** Every message of the product, by language. */
export const catalogues: Record<Locale, Catalogue> = { ar: catalogueOf('ar'), en: catalogueOf('en') }

import type { Locale } from '../contract/common'
import type app from './locales/ar/app.json'
import ar from './ar'
import arMore from './ar-more'
import en from './en'
import enMore from './en-more'
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

const whole = (start: Partial<Catalogue>, more: Partial<Catalogue>) =>
  mergeFiles([
    { name: 'start', messages: start as MessageTree },
    { name: 'more', messages: more as MessageTree },
  ]) as unknown as Catalogue

/** Every message of the product, by language (the app loads only the language it shows: see `loadCatalogue`). */
export const catalogues: Record<Locale, Catalogue> = { ar: whole(ar, arMore), en: whole(en, enMore) }

import type { ScreenModule } from '../views/shared/screen-module'

/**
 * Every module of the web app: the `module.ts` of each folder under `src/views` (no central list).
 * A file may declare one module or several.
 */
const declared = import.meta.glob<ScreenModule | readonly ScreenModule[]>('../views/*/module.ts', { eager: true, import: 'default' })

export const screenModules: readonly ScreenModule[] = Object.keys(declared)
  .sort()
  .flatMap((file) => {
    const value = declared[file]
    return value ? ([] as ScreenModule[]).concat(value as ScreenModule | ScreenModule[]) : []
  })

import type { ComponentType } from 'react'
import type { ScreenRoute } from '../views/shared/screen-module'

const CHUNK_TIMEOUT_MS = 120_000

/** What a screen waits for besides its code: the modules' messages (only the files named, if it names them). */
export type BeforeScreen = (files?: readonly string[]) => Promise<void>

/**
 * A screen's code, once `beforeScreen` (the modules' messages) has resolved too, unless its texts are
 * all loaded at start; a module that does not arrive within the spec's chunk timeout fails with
 * "Loading chunk failed".
 */
export async function loadScreen(route: ScreenRoute, beforeScreen: BeforeScreen | undefined): Promise<ComponentType> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Loading chunk failed')), CHUNK_TIMEOUT_MS)
  })
  const load = async () => {
    const [Component] = await Promise.all([route.screen(), route.startMessages ? undefined : beforeScreen?.(route.messages)])
    return Component
  }
  try {
    return await Promise.race([load(), timeout])
  } finally {
    clearTimeout(timer)
  }
}

import { fromPromise } from 'xstate'
import { fetchSettings, saveSettings } from '../api/settings'
import type { FormResource, FormValues } from './crud-form'

type LoadInput = { resource: FormResource; id: number }
type SaveInput = { resource: FormResource; id: number | null; values: FormValues }

/**
 * The platform's settings are one record without an id: the crudForm chart runs unchanged with
 * these actors, which read `settings-list` and save through `update-settings` (in edit mode, so the
 * version read goes with the save and a stale one is offered as a reload).
 */
export const settingsActors = {
  loadRecord: fromPromise(({ signal }: { input: LoadInput; signal: AbortSignal }) => fetchSettings(signal) as Promise<FormValues>),
  loadLatest: fromPromise(({ signal }: { input: LoadInput; signal: AbortSignal }) => fetchSettings(signal) as Promise<FormValues>),
  saveRecord: fromPromise(async ({ input }: { input: SaveInput }): Promise<{ message: string; result: unknown }> =>
    saveSettings(input.values),
  ),
}

import { fromPromise } from 'xstate'
import { fetchPackageSettings, savePackageSettings } from '../api/package-settings'
import type { FormResource, FormValues } from './crud-form'

type LoadInput = { resource: FormResource; id: number }
type SaveInput = { resource: FormResource; id: number | null; values: FormValues }

/**
 * The packages' general settings are one record without an id: the crudForm chart runs unchanged
 * with these actors, which load and save `{path}/general` (in edit mode, so the version read goes
 * with the save and a stale one is offered as a reload).
 */
export const packageSettingsActors = {
  loadRecord: fromPromise(({ signal }: { input: LoadInput; signal: AbortSignal }) => fetchPackageSettings(signal) as Promise<FormValues>),
  loadLatest: fromPromise(({ signal }: { input: LoadInput; signal: AbortSignal }) => fetchPackageSettings(signal) as Promise<FormValues>),
  saveRecord: fromPromise(async ({ input }: { input: SaveInput }): Promise<{ message: string; result: unknown }> =>
    savePackageSettings(input.values),
  ),
}

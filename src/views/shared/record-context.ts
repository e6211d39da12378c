import { createContext, useContext } from 'react'

/** The record a view page shows (its resource's name and id), for what every view page offers alike (its history). */
export const RecordContext = createContext<{ resource: string; id: number } | null>(null)

export const useShownRecord = () => useContext(RecordContext)

import { useMemo } from 'react'
import { useLang } from './runtime'

/** Whole numbers grouped as the page's language writes them, in Latin digits (1,056). */
export function useCount(): (value: number) => string {
  const lang = useLang()
  return useMemo(() => {
    const format = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US', { maximumFractionDigits: 0 })
    return (value: number) => format.format(value)
  }, [lang])
}

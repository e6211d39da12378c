import { useMemo } from 'react'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { useLang } from './runtime'

/** An amount in SR as the page writes it, from the API's decimal string or a number of riyals. */
export const useMoney = () => {
  const lang = useLang()
  return useMemo(
    () => (sar: string | number) => formatMoney(typeof sar === 'number' ? Math.round(sar * 100) : (decimalToHalalas(sar) ?? 0), lang),
    [lang],
  )
}

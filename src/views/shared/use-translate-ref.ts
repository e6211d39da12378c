import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { MessageRef } from '../../contract/common'

/** Translates a message reference of the contract (validation messages of spec section 5). */
export function useTranslateRef() {
  const { t } = useTranslation()
  return useCallback((ref: MessageRef) => String(t(ref.key as never, ref.values as never)), [t])
}

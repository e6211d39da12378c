import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLang } from './runtime'
import type { RichTextLabels } from '../../ui/rich-text-editor'

/** The rich text editor's toolbar texts in the current language. */
export function useEditorLabels(): RichTextLabels {
  const { t } = useTranslation()
  const lang = useLang()
  return useMemo(
    () => ({
      toolbar: t('editor.toolbar'),
      bold: t('editor.bold'),
      italic: t('editor.italic'),
      list: t('editor.list'),
      link: t('editor.link'),
      linkPrompt: t('editor.linkPrompt'),
    }),
    // lang: the labels follow a language switch
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  )
}

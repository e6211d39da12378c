import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { RichTextLabels } from '../../ui/rich-text-editor'

/** The rich text editor's toolbar texts in the current language. */
export function useEditorLabels(): RichTextLabels {
  const { t, i18n } = useTranslation()
  return useMemo(
    () => ({
      toolbar: t('editor.toolbar'),
      bold: t('editor.bold'),
      italic: t('editor.italic'),
      list: t('editor.list'),
      link: t('editor.link'),
      linkPrompt: t('editor.linkPrompt'),
    }),
    // i18n.language: the labels follow a language switch
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  )
}

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { iconButtonRecipe } from './button'
import { fieldStyles } from './field'
import { BoldIcon, ItalicIcon, LinkIcon, ListIcon } from './icons'

export type RichTextLabels = {
  toolbar: string
  bold: string
  italic: string
  list: string
  link: string
  /** The question asked for a link's address. */
  linkPrompt: string
}

export type RichTextEditorProps = {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
  /** The body as HTML (controlled). */
  value: string
  onChange: (html: string) => void
  onBlur?: () => void
  onFocus?: () => void
  labels: RichTextLabels
  placeholder?: string
  required?: boolean
  disabled?: boolean
  /** Text direction of the body, e.g. 'ltr' for the English body inside an Arabic page. */
  dir?: 'ltr' | 'rtl' | 'auto'
  /** Asks for a link address; defaults to `window.prompt`. */
  promptLink?: (question: string) => string | null
}

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'createLink'

const safeUrl = /^(https?:\/\/|mailto:|\/(?!\/))/i

/** '' for an editor that only holds empty markup (`<br>`, empty paragraphs). */
export function normalizeHtml(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<(p|div)>\s*<\/\1>/gi, '')
    .trim()
  return text === '' ? '' : html
}

const editorClass = css({
  minH: '40',
  maxH: '30rem',
  overflowY: 'auto',
  px: '3',
  py: '2.5',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'md',
  lineHeight: '1.7',
  textAlign: 'start',
  outline: 'none',
  borderBottomRadius: 'lg',
  '& ul': { listStyleType: 'disc', ps: '6', my: '1' },
  '& ol': { listStyleType: 'decimal', ps: '6', my: '1' },
  '& a': { color: 'accent.default', textDecoration: 'underline' },
  '& b, & strong': { fontWeight: '700' },
  '&[data-empty]::before': { content: 'attr(data-placeholder)', color: 'fg.subtle', pointerEvents: 'none' },
})
const frame = css({
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.surface',
  _focusWithin: { borderColor: 'primary.500', boxShadow: '0 0 0 3px token(colors.primary.100)' },
  '&[data-invalid]': { borderColor: 'red.500' },
  '&[data-disabled]': { bg: 'bg.muted', opacity: 0.7 },
})
const toolbarClass = css({
  display: 'flex',
  gap: '1',
  p: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  borderTopRadius: 'lg',
})
const toolButton = cx(
  iconButtonRecipe({ size: 'md' }),
  css({
    '&[aria-pressed=true]': { bg: 'primary.100', color: 'primary.800' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  }),
)

/**
 * A small rich-text body editor without a library: a contentEditable region with bold, italic,
 * bulleted list and link. It reports HTML through `onChange`; pasted content arrives as plain text.
 * The server sanitizes what it stores, this editor only limits what it produces.
 */
export function RichTextEditor({
  label,
  error,
  helper,
  value,
  onChange,
  onBlur,
  onFocus,
  labels,
  placeholder,
  required,
  disabled,
  dir,
  promptLink,
}: RichTextEditorProps) {
  const editor = useRef<HTMLDivElement>(null)
  const toolbar = useRef<HTMLDivElement>(null)
  const labelId = useId()
  const errorId = useId()
  const helperId = useId()
  const [active, setActive] = useState(0)
  const [pressed, setPressed] = useState<Record<string, boolean>>({})
  const empty = normalizeHtml(value) === ''

  // Write the value into the region only when it differs, so typing keeps the caret where it is.
  useEffect(() => {
    const el = editor.current
    if (el && el.innerHTML !== value) el.innerHTML = value
  }, [value])

  const report = useCallback(() => {
    const el = editor.current
    if (el) onChange(normalizeHtml(el.innerHTML))
  }, [onChange])

  const refreshPressed = useCallback(() => {
    if (typeof document.queryCommandState !== 'function') return
    try {
      setPressed({
        bold: document.queryCommandState('bold'),
        italic: document.queryCommandState('italic'),
        insertUnorderedList: document.queryCommandState('insertUnorderedList'),
      })
    } catch {
      // Not supported here (e.g. jsdom): the buttons simply do not show a pressed state.
    }
  }, [])

  const run = (command: Command) => {
    if (disabled) return
    editor.current?.focus()
    if (typeof document.execCommand !== 'function') return
    if (command === 'createLink') {
      const url = (promptLink ?? ((q) => window.prompt(q)))(labels.linkPrompt)?.trim()
      // Only web, mail and same-site addresses: never javascript: or data: URLs.
      if (!url || !safeUrl.test(url)) return
      document.execCommand('createLink', false, url)
    } else {
      document.execCommand(command, false)
    }
    report()
    refreshPressed()
  }

  const tools: { command: Command; label: string; icon: ReactNode; toggle: boolean }[] = [
    { command: 'bold', label: labels.bold, icon: <BoldIcon width={16} height={16} />, toggle: true },
    { command: 'italic', label: labels.italic, icon: <ItalicIcon width={16} height={16} />, toggle: true },
    { command: 'insertUnorderedList', label: labels.list, icon: <ListIcon width={16} height={16} />, toggle: true },
    { command: 'createLink', label: labels.link, icon: <LinkIcon width={16} height={16} />, toggle: false },
  ]

  // ARIA toolbar: one tab stop, arrows move along the reading direction, Home / End jump.
  const onToolbarKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = toolbar.current
      ? getComputedStyle(toolbar.current).direction === 'rtl' || toolbar.current.closest('[dir]')?.getAttribute('dir') === 'rtl'
      : false
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
    const last = tools.length - 1
    const moves: Record<string, number> = {
      [forward]: active === last ? 0 : active + 1,
      [backward]: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    }
    const next = moves[e.key]
    if (next === undefined) return
    e.preventDefault()
    setActive(next)
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }

  return (
    <div className={fieldStyles.root}>
      <div id={labelId} className={fieldStyles.label} onClick={() => editor.current?.focus()}>
        {label}
        {required ? (
          <span aria-hidden="true" className={fieldStyles.required}>
            *
          </span>
        ) : null}
      </div>
      <div className={frame} data-invalid={error ? '' : undefined} data-disabled={disabled ? '' : undefined}>
        <div
          ref={toolbar}
          role="toolbar"
          aria-label={labels.toolbar}
          aria-controls={`${labelId}-editor`}
          className={toolbarClass}
          onKeyDown={onToolbarKey}
        >
          {tools.map((tool, i) => (
            <button
              key={tool.command}
              type="button"
              className={toolButton}
              tabIndex={i === active ? 0 : -1}
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.toggle ? Boolean(pressed[tool.command]) : undefined}
              disabled={disabled}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setActive(i)
                run(tool.command)
              }}
            >
              {tool.icon}
            </button>
          ))}
        </div>
        <div
          ref={editor}
          id={`${labelId}-editor`}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : helper ? helperId : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={disabled ? -1 : 0}
          dir={dir}
          data-placeholder={placeholder}
          data-empty={empty && placeholder ? '' : undefined}
          className={cx(editorClass)}
          onInput={report}
          onBlur={() => {
            report()
            onBlur?.()
          }}
          onFocus={onFocus}
          onKeyUp={refreshPressed}
          onMouseUp={refreshPressed}
          onPaste={(e) => {
            e.preventDefault()
            const text = e.clipboardData.getData('text/plain')
            if (typeof document.execCommand !== 'function' || !document.execCommand('insertText', false, text)) {
              const selection = window.getSelection()
              if (selection?.rangeCount) {
                const range = selection.getRangeAt(0)
                range.deleteContents()
                range.insertNode(document.createTextNode(text))
                range.collapse(false)
              }
            }
            report()
          }}
        />
      </div>
      {helper && !error ? (
        <div id={helperId} className={fieldStyles.helper}>
          {helper}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className={fieldStyles.error} aria-live="polite">
          {error}
        </div>
      ) : null}
    </div>
  )
}

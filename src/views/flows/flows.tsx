import { useSelector } from '@xstate/react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import { chartTexts } from '../../machines/chart-doc'
import type { ChartLayout, LaidState } from '../../machines/chart-layout'
import { flowsMachine, isPassedThrough, liveKeys, liveOfChart, stepKeys, type DeclaredChart } from '../../machines/flows'
import { Button } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from '../shared/card'
import type { ScreenModule } from '../shared/screen-module'
import { useChart, useLang } from '../shared/runtime'

// every module's declaration (the same files the app reads): their charts, without a central list
const declared = import.meta.glob<ScreenModule | readonly ScreenModule[]>('../*/module.ts', { eager: true, import: 'default' })
const charts: DeclaredChart[] = Object.keys(declared)
  .sort()
  .flatMap((file) => ([] as ScreenModule[]).concat((declared[file] ?? []) as ScreenModule[]))
  .flatMap((m) => Object.entries(m.charts ?? {}).map(([id, load]) => ({ module: m.name, id, load })))
const modules = [...new Set(charts.map((c) => c.module))]

const panel = css({ display: 'flex', flexDir: 'column', gap: '2', minW: '0' })
const heading = css({ fontWeight: 'semibold', fontSize: 'md' })
const muted = css({ color: 'gray.600', fontSize: 'sm' })
const code = css({ fontFamily: 'mono', fontSize: 'sm', direction: 'ltr', unicodeBidi: 'isolate' })

/** QA's Flows screen: the charts by module, the picked one laid out, its live actors, and a path player. */
export function FlowsScreen({ docked = false }: { docked?: boolean }) {
  const { t } = useTranslation()
  const flows = useChart(flowsMachine, { charts })
  const selected = useSelector(flows, (s) => s.context.selected)
  const busy = useSelector(flows, (s) => s.matches('loading') || s.matches('laying'))
  const failed = useSelector(flows, (s) => s.matches('failed'))

  return (
    <div
      className={css(
        { display: 'grid', gridTemplateColumns: { base: '1fr', lg: '13rem minmax(0, 1fr)' }, gap: '4', alignItems: 'start' },
        // docked: the panel's height is shared, the chart list and the chart each scroll on their own
        docked
          ? {
              h: 'full',
              gridTemplateColumns: { base: '1fr', lg: '11rem minmax(0, 1fr)' },
              gridTemplateRows: { base: 'auto minmax(0, 1fr)', lg: 'minmax(0, 1fr)' },
              gap: '3',
              alignItems: 'stretch',
            }
          : {},
      )}
    >
      <nav
        aria-label={t('flows.charts')}
        className={cx(cardStyle, panel, docked && css({ overflowY: 'auto', maxH: { base: '7.5rem', lg: 'none' }, py: '3' }))}
      >
        <h2 className={heading}>{t('flows.charts')}</h2>
        {modules.map((module) => (
          <div key={module} className={panel}>
            <h3 className={muted}>{module}</h3>
            <ul className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
              {charts
                .filter((c) => c.module === module)
                .map((c) => (
                  <li key={c.id}>
                    <Button
                      variant={c.id === selected ? 'solid' : 'ghost'}
                      size="sm"
                      block
                      className={css({ justifyContent: 'flex-start' })}
                      aria-current={c.id === selected ? 'true' : undefined}
                      onClick={() => flows.send({ type: 'flows.select', id: c.id })}
                    >
                      <span className={code}>{c.id}</span>
                    </Button>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <section className={css({ display: 'flex', flexDir: 'column', gap: '4', minW: '0' }, docked ? { overflowY: 'auto', gap: '3' } : {})}>
        {!selected && <p className={cx(cardStyle, muted)}>{t('flows.pick')}</p>}
        {busy && <LoadingScreen label={t('flows.loading')} />}
        {failed && <LoadFailed message={t('flows.failed')} onRetry={() => flows.send({ type: 'flows.retry' })} />}
        <ChartView flows={flows} docked={docked} />
      </section>
    </div>
  )
}

/**
 * The same, docked under whatever screen is open (the account menu's "Flows panel"): the screen's
 * own actors (a form being typed in, a table) are followed live beside it.
 */
export function FlowsPanel() {
  return <FlowsScreen docked />
}

type FlowsRef = ReturnType<typeof useChart<typeof flowsMachine>>

function ChartView({ flows, docked }: { flows: FlowsRef; docked: boolean }) {
  const { t } = useTranslation()
  const lang = useLang()
  const ready = useSelector(flows, (s) => s.matches('ready'))
  const machine = useSelector(flows, (s) => s.context.machine)
  const texts = useSelector(flows, (s) => s.context.texts)
  const layout = useSelector(flows, (s) => s.context.layout)
  if (!ready || !machine || !layout) return null
  const say = (key: string) => texts?.[lang][key] ?? texts?.en[key] ?? ''
  const parts = (
    <>
      <LiveActors flows={flows} />
      <PathPlayer flows={flows} />
      <FocusedState flows={flows} say={say} />
    </>
  )
  const header = (
    <header className={cx(cardStyle, panel, docked && css({ py: '2' }))}>
      <h2 className={cx(heading, code)} data-testid="chart-title">
        {machine.id}
      </h2>
      <p className={docked ? muted : undefined}>{say('')}</p>
      <p className={muted}>
        <span className={css({ color: 'green.700', fontWeight: 'bold' })}>■</span> {t('flows.legendLive')} ·{' '}
        <span className={css({ color: 'orange.600', fontWeight: 'bold' })}>■</span> {t('flows.legendStep')}
      </p>
    </header>
  )
  if (docked)
    // under a screen the height is short: the diagram beside what runs, the path and the state's meaning
    return (
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 24rem' },
          gap: '3',
          alignItems: 'start',
        })}
      >
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>
          {header}
          <Diagram flows={flows} layout={layout} chart={machine.id} docked />
        </div>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>{parts}</div>
      </div>
    )
  return (
    <>
      {header}
      <Diagram flows={flows} layout={layout} chart={machine.id} docked={false} />
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', xl: 'repeat(3, minmax(0, 1fr))' },
          gap: '4',
          alignItems: 'start',
        })}
      >
        <FocusedState flows={flows} say={say} />
        <LiveActors flows={flows} />
        <PathPlayer flows={flows} />
      </div>
    </>
  )
}

const stateClass = css({
  cursor: 'pointer',
  outline: 'none',
  '& rect': { fill: 'white', stroke: 'gray.500', strokeWidth: '1.5' },
  '&[data-compound=true] > rect': { fill: 'gray.50' },
  '&[data-live=true] > rect': { stroke: 'green.700', strokeWidth: '4', fill: 'green.50' },
  '&[data-step=true] > rect': { stroke: 'orange.600', strokeWidth: '4', strokeDasharray: '6 3' },
  '&[data-focused=true] > rect, &:focus-visible > rect': { stroke: 'primary.600', strokeWidth: '3' },
  '& text': { fill: 'gray.900', fontSize: '13px', fontFamily: 'mono' },
})

function Diagram({ flows, layout, chart, docked }: { flows: FlowsRef; layout: ChartLayout; chart: string; docked: boolean }) {
  const { t } = useTranslation()
  const live = useSelector(flows, liveKeys, (a, b) => a.join() === b.join())
  const step = useSelector(flows, stepKeys, (a, b) => a.join() === b.join())
  const focused = useSelector(flows, (s) => s.context.focused)
  const focus = (key: string) => flows.send({ type: 'flows.stateFocused', key })
  const onKey = (key: string) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      focus(key)
    }
  }
  const drawn = [...layout.states].sort((a, b) => a.depth - b.depth)
  return (
    <div
      className={css({
        overflow: 'auto',
        maxH: docked ? '30dvh' : '70vh',
        bg: 'white',
        borderWidth: '1px',
        borderColor: 'gray.200',
        rounded: 'md',
      })}
    >
      <svg
        role="group"
        aria-label={t('flows.diagram', { chart })}
        width={layout.width + 24}
        height={layout.height + 24}
        viewBox={`-12 -12 ${layout.width + 24} ${layout.height + 24}`}
        direction="ltr"
        data-testid="diagram"
      >
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#64748b" />
          </marker>
          <marker id="arrow-own" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#1d4ed8" />
          </marker>
        </defs>
        {drawn.map((s) => (
          <StateBox
            key={s.key}
            state={s}
            live={live.includes(s.key)}
            step={step.includes(s.key)}
            focused={focused === s.key}
            onClick={() => focus(s.key)}
            onKeyDown={onKey(s.key)}
          />
        ))}
        {/* a focused state's own arrows stand out and the rest fade, so a large chart reads one state at a time */}
        {[...layout.edges]
          .sort((a, b) => Number(a.from === focused) - Number(b.from === focused))
          .map((e) => {
            const own = focused !== null && e.from === focused
            const faded = focused !== null && !own
            return (
              <g key={e.id} aria-hidden="true" data-edge-from={e.from} data-own={own} opacity={faded ? 0.3 : 1}>
                <polyline
                  points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
                  fill="none"
                  stroke={own ? '#1d4ed8' : '#64748b'}
                  strokeWidth={own ? 2.4 : 1.3}
                  markerEnd={own ? 'url(#arrow-own)' : 'url(#arrow)'}
                />
                <rect x={e.labelAt.x} y={e.labelAt.y} width={e.labelAt.width} height={16} fill="white" opacity="0.9" />
                <text
                  x={e.labelAt.x + 8}
                  y={e.labelAt.y + 12}
                  fontSize="11.5px"
                  fontFamily="monospace"
                  fill={own ? '#1e3a8a' : '#334155'}
                  fontWeight={own ? 700 : 400}
                >
                  {e.label}
                </text>
              </g>
            )
          })}
      </svg>
    </div>
  )
}

function StateBox(props: {
  state: LaidState
  live: boolean
  step: boolean
  focused: boolean
  onClick: () => void
  onKeyDown: (e: KeyboardEvent) => void
}) {
  const { state: s } = props
  const compound = s.kind === 'compound' || s.kind === 'parallel'
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={s.key}
      aria-pressed={props.focused}
      className={stateClass}
      data-state-key={s.key}
      data-live={props.live}
      data-step={props.step}
      data-focused={props.focused}
      data-compound={compound}
      onClick={props.onClick}
      onKeyDown={props.onKeyDown}
    >
      <rect x={s.x} y={s.y} width={s.width} height={s.height} rx="8" strokeDasharray={s.kind === 'parallel' ? '4 3' : undefined} />
      <text x={s.x + 10} y={compound ? s.y + 20 : s.y + s.height / 2 + 4.5}>
        {s.kind === 'final' ? `◉ ${s.name}` : s.kind === 'parallel' ? `∥ ${s.name}` : s.name}
      </text>
    </g>
  )
}

function FocusedState({ flows, say }: { flows: FlowsRef; say: (key: string) => string }) {
  const { t } = useTranslation()
  const focused = useSelector(flows, (s) => s.context.focused)
  const machine = useSelector(flows, (s) => s.context.machine)
  const leaving =
    machine && focused !== null ? chartTexts(machine).filter((x) => x.kind === 'transition' && x.key.startsWith(`${focused} `)) : []
  return (
    <div className={cx(cardStyle, panel)} aria-live="polite" data-testid="focused-state">
      <h3 className={heading}>{t('flows.state')}</h3>
      {focused === null ? (
        <p className={muted}>{t('flows.focusHint')}</p>
      ) : (
        <>
          <p className={code}>{focused}</p>
          <p>{say(focused)}</p>
          <h4 className={heading}>{t('flows.transitions')}</h4>
          {leaving.length === 0 ? (
            <p className={muted}>{t('flows.noTransitions')}</p>
          ) : (
            <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
              {leaving.map((x) => (
                <li key={x.key}>
                  <span className={code}>{x.key.slice(focused.length + 1)}</span>
                  <p className={muted}>{say(x.key)}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}

function LiveActors({ flows }: { flows: FlowsRef }) {
  const { t } = useTranslation()
  const actors = useSelector(flows, liveOfChart, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  return (
    <div className={cx(cardStyle, panel)} data-testid="live-actors">
      <h3 className={heading}>{t('flows.live')}</h3>
      {actors.length === 0 && <p className={muted}>{t('flows.noLive')}</p>}
      {actors.map((a) => (
        <div key={a.sessionId} className={panel} data-testid="live-actor">
          <p>
            <span className={code}>{a.sessionId}</span> {t('flows.inState', { state: '' })}
            <span className={code} data-testid="live-state">
              {JSON.stringify(a.value)}
            </span>
          </p>
          <h4 className={muted}>{t('flows.events')}</h4>
          {a.events.length === 0 ? (
            <p className={muted}>{t('flows.noEvents')}</p>
          ) : (
            <ol className={css({ maxH: '12rem', overflow: 'auto', fontSize: 'sm' })} data-testid="live-events">
              {[...a.events].reverse().map((e, i) => (
                <li key={`${a.events.length - i}`} className={code}>
                  {e}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </div>
  )
}

function PathPlayer({ flows }: { flows: FlowsRef }) {
  const { t } = useTranslation()
  const machine = useSelector(flows, (s) => s.context.machine)
  const target = useSelector(flows, (s) => s.context.target)
  const path = useSelector(flows, (s) => s.context.path)
  const step = useSelector(flows, (s) => s.context.step)
  const canNext = useSelector(flows, (s) => s.can({ type: 'flows.stepNext' }))
  const canBack = useSelector(flows, (s) => s.can({ type: 'flows.stepBack' }))
  const keys = machine
    ? chartTexts(machine)
        .filter((x) => x.kind === 'state' && x.key !== '')
        .map((x) => x.key)
    : []
  return (
    <div className={cx(cardStyle, panel)} data-testid="path-player">
      <h3 className={heading}>{t('flows.path')}</h3>
      <label className={panel}>
        <span className={muted}>{t('flows.target')}</span>
        <select
          value={target ?? ''}
          onChange={(e) => flows.send(e.target.value ? { type: 'flows.targetChosen', key: e.target.value } : { type: 'flows.pathCleared' })}
          className={css({ borderWidth: '1px', borderColor: 'gray.300', rounded: 'sm', p: '1.5', bg: 'white' })}
        >
          <option value="">{t('flows.chooseTarget')}</option>
          {keys.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {target !== null && path === null && (
        <p className={muted}>{machine && isPassedThrough(machine, target) ? t('flows.passedThrough') : t('flows.noPath')}</p>
      )}
      {path && (
        <>
          <p aria-live="polite">{t('flows.step', { n: step + 1, total: path.length })}</p>
          <ol className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
            {path.map((p, i) => (
              <li
                key={i}
                aria-current={i === step ? 'step' : undefined}
                className={cx(code, css({ fontWeight: i === step ? 'bold' : 'normal', color: i === step ? 'orange.700' : 'inherit' }))}
              >
                {p.event} → {JSON.stringify(p.value)}
              </li>
            ))}
          </ol>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button size="sm" variant="outline" disabled={!canBack} onClick={() => flows.send({ type: 'flows.stepBack' })}>
              {t('flows.back')}
            </Button>
            <Button size="sm" variant="outline" disabled={!canNext} onClick={() => flows.send({ type: 'flows.stepNext' })}>
              {t('flows.next')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => flows.send({ type: 'flows.pathCleared' })}>
              {t('flows.clear')}
            </Button>
          </div>
        </>
      )}
    </div>
  )
}

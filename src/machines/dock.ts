import { assign, setup, type SnapshotFrom } from 'xstate'

export type DockContext = { tool: string | null }
export type DockEvent = { type: 'dock.open'; tool: string } | { type: 'dock.close' }

/**
 * The tool panel docked under every screen (QA's Flows panel): opened from the account menu over
 * whatever screen is shown, it stays open while the admin moves between screens, so the screen's
 * own charts can be followed live beside it.
 */
export const dockMachine = setup({
  types: { context: {} as DockContext, events: {} as DockEvent },
  actions: {
    setTool: assign((_, params: { tool: string }) => ({ tool: params.tool })),
    clearTool: assign({ tool: null }),
  },
}).createMachine({
  id: 'dock',
  description: 'The tool panel docked under every screen: opened from the account menu, kept open across screens.',
  meta: { examples: { events: [{ type: 'dock.open', tool: 'flows' }] } },
  context: { tool: null },
  initial: 'closed',
  on: {
    'dock.open': {
      target: '.open',
      description: "A tool is ticked in the account menu: its panel is shown under the screen (in place of another tool's).",
      actions: { type: 'setTool', params: ({ event }) => ({ tool: event.tool }) },
    },
  },
  states: {
    closed: { description: 'No panel: the screen has the whole window.' },
    open: {
      description: "The tool's panel is shown under the screen, whatever screen the admin moves to.",
      on: {
        'dock.close': {
          target: 'closed',
          description: 'The tool is unticked in the account menu, or the panel closed with its button.',
          actions: 'clearTool',
        },
      },
    },
  },
})

export type DockSnapshot = SnapshotFrom<typeof dockMachine>

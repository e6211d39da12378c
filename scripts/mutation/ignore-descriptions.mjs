// A Stryker ignorer: the `description` texts of a chart's states and transitions are documentation
// for QA (the XState visualizer shows them), not behaviour; mutating them says nothing of the tests.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin'

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'chart-descriptions', {
    shouldIgnore(path) {
      const key = path.parentPath?.isObjectProperty() ? path.parentPath.node.key : null
      const named = key && (key.name === 'description' || key.value === 'description')
      if (named && (path.isStringLiteral() || path.isTemplateLiteral())) return 'A chart description documents the chart for QA.'
      return undefined
    },
  }),
]

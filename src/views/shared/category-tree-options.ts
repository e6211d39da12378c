import type { ListItem } from '../../contract/resource'
import type { ComboboxOption } from '../../ui/combobox-field'

/**
 * The categories of a select list as the options of a tree: each after its parent (siblings in the
 * list's order, by name), with its level and its parents' names. A category whose parent is not in
 * the list (an admin limited to some categories) is at the top. `disabled`: ids offered but not
 * choosable (chosen already).
 */
export function categoryTreeOptions(items: readonly ListItem[], disabled: readonly number[], separator = ' › '): ComboboxOption[] {
  const ids = new Set(items.map((c) => Number(c.id)))
  const children = new Map<number | null, ListItem[]>()
  for (const c of items) {
    const parent = c.parent_id !== undefined && c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null
    children.set(parent, [...(children.get(parent) ?? []), c])
  }
  const out: ComboboxOption[] = []
  const seen = new Set<number>()
  const visit = (parent: number | null, level: number, path: string[]) => {
    for (const c of children.get(parent) ?? []) {
      const id = Number(c.id)
      // a loop in the data must not hang the picker
      if (seen.has(id)) continue
      seen.add(id)
      out.push({
        value: String(id),
        label: c.name,
        level,
        ...(path.length ? { context: path.join(separator) } : {}),
        disabled: disabled.includes(id),
      })
      visit(id, level + 1, [...path, c.name])
    }
  }
  visit(null, 1, [])
  return out
}

import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'

const styles = {
  positioner: css({ zIndex: 1500 }),
  content: css({
    bg: 'bg.surface',
    borderRadius: 'xl',
    boxShadow: 'lg',
    borderWidth: '1px',
    borderColor: 'border.default',
    p: '1.5',
    minW: '56',
    zIndex: 1500,
    outline: 'none',
    // a long menu (the header's "More") stays within the window and scrolls inside itself
    maxH: 'var(--available-height, 80vh)',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
  }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '2.5',
    px: '3',
    py: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    cursor: 'pointer',
    color: 'fg.default',
    textDecoration: 'none',
    _highlighted: { bg: 'bg.muted' },
  }),
  separator: css({ my: '1', borderColor: 'border.default' }),
  groupLabel: css({ px: '3', pt: '2', pb: '1', fontSize: 'xs', fontWeight: '700', color: 'fg.muted' }),
}

/** Ark's Menu with the product's styling; parts keep Ark's names. */
export const Menu = {
  Root: ArkMenu.Root,
  Trigger: ArkMenu.Trigger,
  Content: ({ className, ...props }: ComponentProps<typeof ArkMenu.Content>) => (
    <Portal>
      <ArkMenu.Positioner className={styles.positioner}>
        <ArkMenu.Content className={cx(styles.content, className)} {...props} />
      </ArkMenu.Positioner>
    </Portal>
  ),
  Item: ({ className, ...props }: ComponentProps<typeof ArkMenu.Item>) => (
    <ArkMenu.Item className={cx(styles.item, className)} {...props} />
  ),
  /** An entry that is on or off (a docked panel shown or not): `menuitemcheckbox`, its mark when on. */
  CheckboxItem: ({ className, children, ...props }: ComponentProps<typeof ArkMenu.CheckboxItem>) => (
    <ArkMenu.CheckboxItem className={cx(styles.item, className)} {...props}>
      {children}
      <ArkMenu.ItemIndicator className={css({ ms: 'auto', color: 'primary.600', fontWeight: '700' })}>✓</ArkMenu.ItemIndicator>
    </ArkMenu.CheckboxItem>
  ),
  Separator: (props: ComponentProps<typeof ArkMenu.Separator>) => <ArkMenu.Separator className={styles.separator} {...props} />,
  ItemGroup: ArkMenu.ItemGroup,
  ItemGroupLabel: ({ className, ...props }: ComponentProps<typeof ArkMenu.ItemGroupLabel>) => (
    <ArkMenu.ItemGroupLabel className={cx(styles.groupLabel, className)} {...props} />
  ),
}

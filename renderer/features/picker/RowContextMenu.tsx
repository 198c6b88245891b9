// A picker row's context menu (`row-context-menu`): open, add to context, watch, pin, and three ways to copy a
// reference (URI, `@server:uri` mention, Markdown link). Opened on a row of a multi-selection, it acts on the
// whole selection (open and pin stay with the row). Radix's menu gives the roles, roving focus, typeahead,
// Escape and focus return. It is mounted only while open, for the row it was opened on (ResourceList), and not
// portalled: it stays inside the picker's region, and non-modal, so the rest of the page is not hidden from
// assistive technology while it is open (a click outside or Escape closes it).
import * as ContextMenu from '@radix-ui/react-context-menu';
import { useTranslation } from 'react-i18next';
import type { ResourceItem } from '../../../shared/contract';
import { markdownLinkOf, mentionOf } from '../../../shared/resource-mention';
import { resourceKey } from '../../../shared/resource-key';
import { watchAvailability } from '../../../shared/subscriptions/availability';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { usePickerStore } from '../../state/picker-store';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { useSubscription } from '../subscriptions/use-subscriptions';
import { usePinsStore } from './pins-store';
import { useSelectionStore } from './selection-store';
import { useWatchMany } from './use-watch-many';

export function RowContextMenu({ item }: { item: ResourceItem }) {
  const { t } = useTranslation('picker');
  const engine = useEngine();
  const open = useUiStore(s => s.open);
  const reportError = useUiStore(s => s.reportError);
  const setActiveKey = usePickerStore(s => s.setActiveKey);
  const addToTray = useTrayStore(s => s.add);
  const key = resourceKey(item);
  const inTray = useTrayStore(s => s.items.some(i => resourceKey(i) === key));
  const server = useServers().data?.find(s => s.id === item.serverId);
  const watching = useSubscription(item.serverId, item.uri) !== undefined;
  const availability = watchAvailability(server?.status === 'connected' ? server.era : undefined, server?.capabilities);
  const pinned = usePinsStore(s => s.keys.includes(key));
  const togglePin = usePinsStore(s => s.toggle);
  const selection = useSelectionStore(s => s.selection.items);
  const watchMany = useWatchMany();
  const { serverId, uri } = item;
  // On a row of a multi-selection, the menu is the selection's.
  const many = selection.size > 1 && selection.has(key) ? [...selection.values()] : null;

  const copy = (text: string) => {
    navigator.clipboard.writeText(text).catch((e: unknown) => reportError(t('menu.copyFailed'), callErrorOf(e)));
  };
  const watch = () => {
    engine.call('subscriptions.watch', { serverId, uri }).catch((e: unknown) => reportError(t('menu.watchFailed'), callErrorOf(e)));
  };
  const pinItem = (
    <ContextMenu.Item data-action="pin" onSelect={() => togglePin(key)}>
      {pinned ? t('menu.unpin') : t('menu.pin')}
    </ContextMenu.Item>
  );
  const openItem = (
    <ContextMenu.Item
      data-action="open"
      onSelect={() => {
        setActiveKey(key);
        open({ serverId, uri });
      }}
    >
      {t('menu.open')}
    </ContextMenu.Item>
  );

  if (many) {
    const count = many.length;
    return (
      <ContextMenu.Content className="row-menu" data-testid="row-context-menu" data-server-id={serverId} data-uri={uri} data-count={count} aria-label={t('menu.labelMany', { count })}>
        {openItem}
        <ContextMenu.Item data-action="add-to-context" onSelect={() => many.forEach(addToTray)}>
          {t('menu.addManyToContext', { count })}
        </ContextMenu.Item>
        <ContextMenu.Item data-action="watch" onSelect={() => watchMany(many)}>
          {t('menu.watchMany', { count })}
        </ContextMenu.Item>
        {pinItem}
        <ContextMenu.Separator className="row-menu-separator" />
        <ContextMenu.Item data-action="copy-uri" onSelect={() => copy(many.map(i => i.uri).join('\n'))}>
          {t('menu.copyUris', { count })}
        </ContextMenu.Item>
        <ContextMenu.Item data-action="copy-mention" onSelect={() => copy(many.map(mentionOf).join(' '))}>
          {t('menu.copyMentions', { count })}
        </ContextMenu.Item>
        <ContextMenu.Item data-action="copy-markdown" onSelect={() => copy(many.map(i => `- ${markdownLinkOf(i)}`).join('\n'))}>
          {t('menu.copyMarkdowns', { count })}
        </ContextMenu.Item>
      </ContextMenu.Content>
    );
  }

  return (
    <ContextMenu.Content className="row-menu" data-testid="row-context-menu" data-server-id={serverId} data-uri={uri} data-count={1} aria-label={t('menu.label', { uri })}>
      {openItem}
      <ContextMenu.Item data-action="add-to-context" disabled={inTray} onSelect={() => addToTray(item)}>
        {inTray ? t('menu.inTray') : t('menu.addToContext')}
      </ContextMenu.Item>
      <ContextMenu.Item
        data-action="watch"
        disabled={watching || !availability.available}
        title={availability.available ? undefined : availability.reason}
        onSelect={watch}
      >
        {watching ? t('menu.watching') : t('menu.watch')}
      </ContextMenu.Item>
      {pinItem}
      <ContextMenu.Separator className="row-menu-separator" />
      <ContextMenu.Item data-action="copy-uri" onSelect={() => copy(uri)}>
        {t('menu.copyUri')}
      </ContextMenu.Item>
      <ContextMenu.Item data-action="copy-mention" onSelect={() => copy(mentionOf(item))}>
        {t('menu.copyMention')} <span className="row-menu-hint">{t('menu.mentionHint', { serverId })}</span>
      </ContextMenu.Item>
      <ContextMenu.Item data-action="copy-markdown" onSelect={() => copy(markdownLinkOf(item))}>
        {t('menu.copyMarkdown')}
      </ContextMenu.Item>
    </ContextMenu.Content>
  );
}

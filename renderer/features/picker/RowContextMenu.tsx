// A picker row's context menu (`row-context-menu`): open, add to context, watch, and three ways to copy a
// reference (URI, `@server:uri` mention, Markdown link). Radix's menu gives the roles, roving focus, typeahead,
// Escape and focus return. It is mounted only while open, for the row it was opened on (ResourceList), and not
// portalled: it stays inside the picker's region, and non-modal, so the rest of the page is not hidden from
// assistive technology while it is open (a click outside or Escape closes it).
import * as ContextMenu from '@radix-ui/react-context-menu';
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

export function RowContextMenu({ item }: { item: ResourceItem }) {
  const engine = useEngine();
  const open = useUiStore(s => s.open);
  const reportError = useUiStore(s => s.reportError);
  const setActiveKey = usePickerStore(s => s.setActiveKey);
  const addToTray = useTrayStore(s => s.add);
  const inTray = useTrayStore(s => s.items.some(i => resourceKey(i) === resourceKey(item)));
  const server = useServers().data?.find(s => s.id === item.serverId);
  const watching = useSubscription(item.serverId, item.uri) !== undefined;
  const availability = watchAvailability(server?.status === 'connected' ? server.era : undefined, server?.capabilities);
  const { serverId, uri } = item;

  const copy = (what: string, text: string) => {
    navigator.clipboard.writeText(text).catch((e: unknown) => reportError(`Copy ${what}`, callErrorOf(e)));
  };
  const watch = () => {
    engine.call('subscriptions.watch', { serverId, uri }).catch((e: unknown) => reportError('Watch', callErrorOf(e)));
  };

  return (
    <ContextMenu.Content className="row-menu" data-testid="row-context-menu" data-server-id={serverId} data-uri={uri} aria-label={`Actions for ${uri}`}>
      <ContextMenu.Item
        data-action="open"
        onSelect={() => {
          setActiveKey(resourceKey(item));
          open({ serverId, uri });
        }}
      >
        Open
      </ContextMenu.Item>
      <ContextMenu.Item data-action="add-to-context" disabled={inTray} onSelect={() => addToTray(item)}>
        {inTray ? 'In the context tray' : 'Add to context'}
      </ContextMenu.Item>
      <ContextMenu.Item
        data-action="watch"
        disabled={watching || !availability.available}
        title={availability.available ? undefined : availability.reason}
        onSelect={watch}
      >
        {watching ? 'Watching' : 'Watch for changes'}
      </ContextMenu.Item>
      <ContextMenu.Separator className="row-menu-separator" />
      <ContextMenu.Item data-action="copy-uri" onSelect={() => copy('URI', uri)}>
        Copy URI
      </ContextMenu.Item>
      <ContextMenu.Item data-action="copy-mention" onSelect={() => copy('mention', mentionOf(item))}>
        Copy as mention <span className="row-menu-hint">@{serverId}:…</span>
      </ContextMenu.Item>
      <ContextMenu.Item data-action="copy-markdown" onSelect={() => copy('Markdown link', markdownLinkOf(item))}>
        Copy as Markdown link
      </ContextMenu.Item>
    </ContextMenu.Content>
  );
}

// A server card's action menu (Radix dropdown: keyboard, focus and roles come with it): reconnect or connect,
// disable or enable, edit, details, remove. Remove asks again in the card itself (no blocking native dialog).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { ServerState } from '../../../shared/contract';
import { useServerActions } from './use-server-actions';

export function ServerMenu({ server, onEdit, onRemove }: { server: ServerState; onEdit(): void; onRemove(): void }) {
  const { t } = useTranslation('servers');
  const actions = useServerActions();
  const busy = server.status === 'connecting';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="icon-button server-menu-button" data-testid="server-menu-button" aria-label={t('menu.open', { server: server.id })}>
          <span aria-hidden="true">⋯</span>
        </button>
      </DropdownMenu.Trigger>

        <DropdownMenu.Content className="menu-content" data-testid="server-menu" align="end" sideOffset={4}>
          {!server.disabled && (
            <DropdownMenu.Item className="menu-item" data-action="reconnect" disabled={busy} onSelect={() => void actions.run('reconnect', server.id)}>
              {server.status === 'connected' ? t('menu.reconnect') : t('menu.connect')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className="menu-item"
            data-action={server.disabled ? 'enable' : 'disable'}
            onSelect={() => void actions.run(server.disabled ? 'enable' : 'disable', server.id)}
          >
            {server.disabled ? t('menu.enable') : t('menu.disable')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" data-action="edit" onSelect={onEdit}>
            {t('menu.edit')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" data-action="details" onSelect={() => actions.showDetails(server.id)}>
            {t('menu.details')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item menu-item--danger" data-action="remove" onSelect={onRemove}>
            {t('menu.remove')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>

    </DropdownMenu.Root>
  );
}

// The command palette (`command-palette`, Ctrl/⌘+Shift+P): every registered command (commands.ts) and
// "go to resource" over the loaded lists, filtered as you type. cmdk gives the listbox and its keyboard
// (arrows, Enter), Radix's dialog under it traps focus and closes on Escape or an outside click; focus then
// goes back to where it was. Its body exists only while it is open.
import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceItem } from '../../../shared/contract';
import { displayName } from '../../../shared/picker/columns';
import { resourceKey } from '../../../shared/resource-key';
import { useCommandPaletteStore } from '../../state/command-palette-store';
import { usePickerStore } from '../../state/picker-store';
import { useUiStore } from '../../state/ui-store';
import { rankCommands, paletteCommands, type PaletteCommand } from './commands';
import { useCommandContext } from './use-command-context';
import { useResourceMatches } from './use-resource-finder';
import './command-palette.css';
import { ServerText } from '../server-text/ServerText';

const PALETTE_SHORTCUT = 'Control+Shift+P Meta+Shift+P';

const isPaletteShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'p';

function CommandItem({ command, onDone }: { command: PaletteCommand; onDone(): void }) {
  return (
    <Command.Item
      value={command.id}
      data-testid="command-item"
      data-command-id={command.id}
      disabled={command.unavailable !== undefined}
      onSelect={() => {
        onDone();
        void command.run();
      }}
    >
      <span>{command.title}</span>
      {command.unavailable && <span className="palette-hint">{command.unavailable}</span>}
    </Command.Item>
  );
}

function ResourceItemRow({ item, onDone }: { item: ResourceItem; onDone(): void }) {
  const open = useUiStore(s => s.open);
  const setActiveKey = usePickerStore(s => s.setActiveKey);
  const key = resourceKey(item);
  return (
    <Command.Item
      value={`resource:${key}`}
      data-testid="command-item"
      data-command-id="resource.open"
      data-server-id={item.serverId}
      data-uri={item.uri}
      onSelect={() => {
        onDone();
        setActiveKey(key);
        open({ serverId: item.serverId, uri: item.uri });
      }}
    >
      <span className="palette-resource">
        <span>
          <ServerText text={displayName(item)} />
        </span>
        <span className="palette-hint palette-uri">
          <ServerText text={item.uri} />
        </span>
      </span>
      <span className="palette-hint">{item.serverId}</span>
    </Command.Item>
  );
}

function PaletteBody({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('palette');
  const [query, setQuery] = useState('');
  const commands = rankCommands(paletteCommands(useCommandContext()), query);
  const resources = useResourceMatches(query);
  const groups = [...new Set(commands.map(c => c.group))];
  return (
    <>
      <Command.Input value={query} onValueChange={setQuery} placeholder={t('ui.placeholder')} aria-label={t('ui.input')} />
      <Command.List aria-label={t('ui.list')}>
        <Command.Empty>{t('ui.empty', { query })}</Command.Empty>
        {groups.map(group => (
          <Command.Group key={group} heading={t(`group.${group}`)}>
            {commands
              .filter(c => c.group === group)
              .map(c => (
                <CommandItem key={c.id} command={c} onDone={onDone} />
              ))}
          </Command.Group>
        ))}
        {resources.length > 0 && (
          <Command.Group heading={t('group.resources')}>
            {resources.map(item => (
              <ResourceItemRow key={resourceKey(item)} item={item} onDone={onDone} />
            ))}
          </Command.Group>
        )}
      </Command.List>
      <p className="palette-foot">
        {t('ui.foot')}
      </p>
    </>
  );
}

export function CommandPalette() {
  const { t } = useTranslation('palette');
  const open = useCommandPaletteStore(s => s.open);
  const show = useCommandPaletteStore(s => s.show);
  const hide = useCommandPaletteStore(s => s.hide);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      if (useCommandPaletteStore.getState().open) hide();
      else show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show, hide]);

  // After the dialog has gone (its focus trap with it), focus goes back to where it was when it opened.
  useEffect(() => {
    if (open) return;
    const target = useCommandPaletteStore.getState().returnFocus;
    if (target?.isConnected) target.focus();
  }, [open]);

  return (
    <Command.Dialog
      open={open}
      onOpenChange={next => (next ? show() : hide())}
      label={t('ui.label')}
      shouldFilter={false}
      loop
      data-testid="command-palette"
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      {open && <PaletteBody onDone={hide} />}
    </Command.Dialog>
  );
}

/** The header's way in for pointer users, naming the shortcut. */
export function CommandPaletteButton() {
  const { t } = useTranslation('palette');
  const show = useCommandPaletteStore(s => s.show);
  return (
    <button type="button" className="palette-button" aria-keyshortcuts={PALETTE_SHORTCUT} aria-haspopup="dialog" onClick={show}>
      {t('ui.button')} <kbd>{t('ui.keyCtrl')}</kbd>+<kbd>{t('ui.keyShift')}</kbd>+<kbd>P</kbd>
    </button>
  );
}

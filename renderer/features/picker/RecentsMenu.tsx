// Recently opened resources (`recents-button`, Ctrl/⌘+E): a list under the toolbar; Enter or a click opens
// one again. Every open is recorded, wherever it came from (picker, palette, templates).
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../../../shared/resource-key';
import { usePickerStore } from '../../state/picker-store';
import { useUiStore } from '../../state/ui-store';
import { ClockIcon } from './icons';
import { Popover } from './Popover';
import { useRecentsStore } from './recents-store';
import { ServerText } from '../server-text/ServerText';

export const RecentsMenu = memo(function RecentsMenu() {
  const { t } = useTranslation('picker');
  const [open, setOpen] = useState(false);
  const recents = useRecentsStore(s => s.items);
  const clear = useRecentsStore(s => s.clear);
  const openResource = useUiStore(s => s.open);
  const setActiveKey = usePickerStore(s => s.setActiveKey);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'e') return;
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => (firstRef.current ?? buttonRef.current)?.focus());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Popover
      open={open}
      setOpen={setOpen}
      buttonRef={buttonRef}
      label={t('recents.label')}
      testId="recents-list"
      buttonProps={{ 'data-testid': 'recents-button', title: t('recents.title'), 'aria-keyshortcuts': 'Control+E Meta+E' }}
      button={
        <>
          <ClockIcon /> {t('recents.button')}
        </>
      }
    >
      {recents.length === 0 ? (
        <p className="popover-empty">{t('recents.empty')}</p>
      ) : (
        <>
          <ul className="popover-list">
            {recents.map((r, k) => (
              <li key={resourceKey(r)}>
                <button
                  ref={k === 0 ? firstRef : undefined}
                  type="button"
                  className="popover-item"
                  data-testid="recent-item"
                  data-server-id={r.serverId}
                  data-uri={r.uri}
                  onKeyDown={e => {
                    const items = [...(e.currentTarget.closest('ul')?.querySelectorAll('button') ?? [])];
                    const at = items.indexOf(e.currentTarget);
                    const next = e.key === 'ArrowDown' ? items[at + 1] : e.key === 'ArrowUp' ? items[at - 1] : undefined;
                    if (next) {
                      e.preventDefault();
                      next.focus();
                    }
                  }}
                  onClick={() => {
                    setActiveKey(resourceKey(r));
                    openResource({ serverId: r.serverId, uri: r.uri });
                    setOpen(false);
                  }}
                >
                  <span className="popover-item-name">
                    <ServerText text={r.name || r.uri} />
                  </span>
                  <span className="popover-item-detail">
                    {r.serverId} · <ServerText text={r.uri} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="link-button popover-footer" onClick={clear}>
            {t('recents.clear')}
          </button>
        </>
      )}
    </Popover>
  );
});

// The bottom dock: one tab per registered panel (see dock-panels.ts). Collapsed when no tab is chosen.
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../state/ui-store';
import { dockPanels } from './dock-panels';

export function Dock() {
  const { t } = useTranslation();
  const active = useUiStore(s => s.activeDockPanel);
  const setActive = useUiStore(s => s.setActiveDockPanel);
  if (dockPanels.length === 0) return null;
  const panel = dockPanels.find(p => p.id === active);
  return (
    <section className="dock" aria-label={t('dock.label')}>
      <div role="tablist" aria-label={t('dock.label')} className="dock-tabs">
        {dockPanels.map(p => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`dock-tab-${p.id}`}
            aria-selected={p.id === active}
            aria-controls={`dock-panel-${p.id}`}
            data-panel-id={p.id}
            onClick={() => setActive(p.id === active ? null : p.id)}
          >
            {t(`dock.panel.${p.id}`)}
          </button>
        ))}
      </div>
      {panel && (
        <div role="tabpanel" id={`dock-panel-${panel.id}`} aria-labelledby={`dock-tab-${panel.id}`} className="dock-body">
          <panel.Component />
        </div>
      )}
    </section>
  );
}

// The shell layout: servers on the left, picker and viewer in the middle, context tray on the right, the dock
// below, each a resizable, collapsible pane (Panes.tsx) whose sizes are remembered; global overlays on top.
import { Group, Panel, usePanelRef, useDefaultLayout } from 'react-resizable-panels';
import { useTranslation } from 'react-i18next';
import { CommandPaletteButton } from '../features/command-palette/CommandPalette';
import { ContextTray } from '../features/context-tray/ContextTray';
import { Picker } from '../features/picker/Picker';
import { ServerSidebar } from '../features/servers/ServerSidebar';
import { Viewer } from '../features/viewer/Viewer';
import { DockPane } from './DockPane';
import { EngineChannelStatus } from './EngineChannelStatus';
import { ErrorBanners } from './ErrorBanner';
import { LanguageSelect } from './LanguageSelect';
import { overlays } from './overlays';
import { Pane, PaneSeparator } from './Panes';
import { ThemeToggle } from './ThemeToggle';
import { Toasts } from './toasts/Toasts';
import { FirstRunTour } from './tour/FirstRunTour';
import { useAppliedLanguage } from '../i18n/use-language';
import { useAppliedTheme } from './use-theme';
import './layout.css';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

function Workspace() {
  const { t } = useTranslation('shell');
  const outer = useDefaultLayout({ id: 'mcprb.layout.shell', storage });
  const inner = useDefaultLayout({ id: 'mcprb.layout.workspace', storage });
  const servers = usePanelRef();
  const list = usePanelRef();
  const viewer = usePanelRef();
  const tray = usePanelRef();
  const dock = usePanelRef();
  return (
    // One main landmark around every pane and handle; the tour is inside it too (not portalled), so its text is in one.
    <main className="shell-main" aria-label={t('panes.workspace')}>
    <Group orientation="vertical" className="shell-panes" defaultLayout={outer.defaultLayout} onLayoutChanged={outer.onLayoutChanged}>
      <Panel id="workspace" minSize={200} className="pane pane--workspace">
        <Group orientation="horizontal" className="workspace" defaultLayout={inner.defaultLayout} onLayoutChanged={inner.onLayoutChanged}>
          <Pane id="servers" defaultSize="20" minSize={190} panel={servers}>
            <ServerSidebar />
          </Pane>
          <PaneSeparator before="servers" after="list" toggles={servers} />
          <Pane id="list" defaultSize="31" minSize={240} panel={list}>
            <Picker />
          </Pane>
          <PaneSeparator before="list" after="viewer" toggles={list} />
          <Pane id="viewer" defaultSize="31" minSize={240} panel={viewer}>
            <Viewer />
          </Pane>
          <PaneSeparator before="viewer" after="tray" toggles={tray} />
          <Pane id="tray" defaultSize="18" minSize={170} panel={tray}>
            <ContextTray />
          </Pane>
        </Group>
      </Panel>
      <PaneSeparator before="workspace" after="dock" toggles={dock} />
      <DockPane panel={dock} />
    </Group>
    <FirstRunTour />
    </main>
  );
}

export function Layout({ mode }: { mode: 'electron' | 'browser' }) {
  const theme = useAppliedTheme();
  const language = useAppliedLanguage();
  const { t } = useTranslation('shell');
  return (
    <div data-testid="app" data-mode={mode} data-theme={theme} lang={language} className="app">
      <header className="app-header">
        <h1>{t('appName')}</h1>
        <CommandPaletteButton />
        <LanguageSelect />
        <ThemeToggle />
      </header>
      <EngineChannelStatus />
      <ErrorBanners />
      <Workspace />
      <Toasts />
      {overlays.map((Overlay, i) => (
        <Overlay key={Overlay.displayName ?? Overlay.name ?? i} />
      ))}
    </div>
  );
}

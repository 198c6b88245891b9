// The shell layout: servers on the left, picker and viewer in the middle, context tray on the right,
// the dock below, global overlays on top.
import { CommandPaletteButton } from '../features/command-palette/CommandPalette';
import { ContextTray } from '../features/context-tray/ContextTray';
import { Picker } from '../features/picker/Picker';
import { ServerSidebar } from '../features/servers/ServerSidebar';
import { Viewer } from '../features/viewer/Viewer';
import { Dock } from './Dock';
import { EngineChannelStatus } from './EngineChannelStatus';
import { ErrorBanners } from './ErrorBanner';
import { LanguageSelect } from './LanguageSelect';
import { overlays } from './overlays';
import { ThemeToggle } from './ThemeToggle';
import { useAppliedLanguage } from '../i18n/use-language';
import { useAppliedTheme } from './use-theme';

export function Layout({ mode }: { mode: 'electron' | 'browser' }) {
  const theme = useAppliedTheme();
  const language = useAppliedLanguage();
  return (
    <div data-testid="app" data-mode={mode} data-theme={theme} lang={language} className="app">
      <header className="app-header">
        <h1>MCP Resource Browser</h1>
        <CommandPaletteButton />
        <LanguageSelect />
        <ThemeToggle />
      </header>
      <EngineChannelStatus />
      <ErrorBanners />
      <main className="workspace">
        <ServerSidebar />
        <Picker />
        <Viewer />
        <ContextTray />
      </main>
      <Dock />
      {overlays.map((Overlay, i) => (
        <Overlay key={Overlay.displayName ?? Overlay.name ?? i} />
      ))}
    </div>
  );
}

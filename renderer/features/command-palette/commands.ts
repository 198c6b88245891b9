// The command palette's registry: every action it offers, built in this one place from what the app can do
// right now (servers, dock panels, theme, context tray, cache). A new action is one entry here.
import { defaultFilter } from 'cmdk';
import type { ServerState } from '../../../shared/contract';
import { themePreferences, type ThemePreference } from '../../state/theme-store';

type CommandGroup = 'Servers' | 'Panels' | 'Appearance' | 'Context' | 'Cache';

export interface PaletteCommand {
  /** Stable and unique (also the item's `data-command-id`), e.g. `server.reconnect:alpha`. */
  id: string;
  title: string;
  group: CommandGroup;
  /** Other words it is found by. */
  keywords?: readonly string[];
  /** Why it cannot run now; the item is then shown disabled with this as its hint. */
  unavailable?: string;
  run(): unknown;
}

export type TrayExportFormat = 'markdown' | 'json';

/** What the commands act on and with: the same engine calls and store actions the rest of the UI uses. */
export interface CommandContext {
  servers: readonly ServerState[];
  panels: readonly { id: string; title: string }[];
  themePreference: ThemePreference;
  trayCount: number;
  reconnectServer(serverId: string): unknown;
  openPanel(panelId: string): void;
  setThemePreference(preference: ThemePreference): void;
  exportTray(format: TrayExportFormat): unknown;
  clearTray(): void;
  clearCache(): unknown;
}

const themeTitles: Record<ThemePreference, string> = {
  system: 'Theme: follow the system',
  light: 'Theme: light',
  dark: 'Theme: dark'
};

const exportFormatTitles: Record<TrayExportFormat, string> = { markdown: 'Markdown', json: 'JSON' };

export function paletteCommands(ctx: CommandContext): PaletteCommand[] {
  const emptyTray = ctx.trayCount === 0 ? 'the context tray is empty' : undefined;
  return [
    ...ctx.servers.map(
      (s): PaletteCommand => ({
        id: `server.reconnect:${s.id}`,
        title: `Reconnect ${s.id}`,
        group: 'Servers',
        keywords: ['server', 'restart', s.status],
        // As the server card's button: a connection attempt in progress is not started again.
        unavailable: s.status === 'connecting' ? 'connecting now' : undefined,
        run: () => ctx.reconnectServer(s.id)
      })
    ),
    ...ctx.panels.map(
      (p): PaletteCommand => ({
        id: `panel.open:${p.id}`,
        title: `Open panel: ${p.title}`,
        group: 'Panels',
        keywords: ['dock', 'tab', 'show'],
        run: () => ctx.openPanel(p.id)
      })
    ),
    ...themePreferences.map(
      (preference): PaletteCommand => ({
        id: `theme.set:${preference}`,
        title: themeTitles[preference],
        group: 'Appearance',
        keywords: ['theme', 'appearance', 'colour', 'color', preference === 'system' ? 'auto os' : 'mode'],
        unavailable: preference === ctx.themePreference ? 'already chosen' : undefined,
        run: () => ctx.setThemePreference(preference)
      })
    ),
    ...(['markdown', 'json'] as const).map(
      (format): PaletteCommand => ({
        id: `tray.export:${format}`,
        title: `Copy the context tray as ${exportFormatTitles[format]}`,
        group: 'Context',
        keywords: ['export', 'clipboard', 'context'],
        unavailable: emptyTray,
        run: () => ctx.exportTray(format)
      })
    ),
    { id: 'tray.clear', title: 'Clear the context tray', group: 'Context', keywords: ['empty', 'remove all'], unavailable: emptyTray, run: () => ctx.clearTray() },
    { id: 'cache.clear', title: 'Clear the response cache', group: 'Cache', keywords: ['cache', 'evict', 'empty'], run: () => ctx.clearCache() }
  ];
}

/** The commands matching `query` (title, group and keywords, cmdk's scoring), best first; all of them for no query. */
export function rankCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const search = query.trim();
  if (!search) return [...commands];
  return commands
    .map((command, order) => ({ command, order, score: defaultFilter(command.title, search, [command.group, ...(command.keywords ?? [])]) }))
    .filter(c => c.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(c => c.command);
}

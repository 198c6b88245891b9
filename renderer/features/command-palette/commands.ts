// The command palette's registry: every action it offers, built in this one place from what the app can do
// right now (servers, dock panels, theme, language, context tray, cache, the tour). A new action is one
// entry here. Titles come from the `palette` catalog through `ctx.t`, so they are searched in the UI language.
import type { TrayExportFormat } from '../../../shared/tray/tray-export';
import { defaultFilter } from 'cmdk';
import type { TFunction } from 'i18next';
import type { ServerState } from '../../../shared/contract';
import { languageNames, type Language } from '../../i18n/catalogs';
import type { LanguagePreference } from '../../state/language-store';
import { themePreferences, type ThemePreference } from '../../state/theme-store';
import type { ServerAction } from '../servers/use-server-actions';

type CommandGroup = 'servers' | 'panels' | 'appearance' | 'language' | 'context' | 'cache' | 'help';

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


/** What the commands act on and with: the same engine calls and store actions the rest of the UI uses. */
export interface CommandContext {
  t: TFunction<'palette'>;
  servers: readonly ServerState[];
  panels: readonly { id: string; title: string }[];
  themePreference: ThemePreference;
  languagePreference: LanguagePreference;
  languages: readonly Language[];
  trayCount: number;
  serverAction(action: ServerAction, serverId: string): unknown;
  editServer(serverId: string): void;
  openPanel(panelId: string): void;
  setThemePreference(preference: ThemePreference): void;
  setLanguagePreference(preference: LanguagePreference): void;
  exportTray(format: TrayExportFormat): unknown;
  clearTray(): void;
  clearCache(): unknown;
  reloadConfig(): unknown;
  startTour(): void;
}

function serverCommands(ctx: CommandContext, s: ServerState): PaletteCommand[] {
  const { t } = ctx;
  const connected = s.status === 'connected';
  return [
    {
      id: `server.reconnect:${s.id}`,
      title: connected ? t('command.reconnect', { server: s.id }) : t('command.connect', { server: s.id }),
      group: 'servers',
      keywords: ['server', 'restart', 'connect', s.status],
      // As the server card's menu: a connection attempt in progress is not started again.
      unavailable: s.disabled ? t('unavailable.disabled') : s.status === 'connecting' ? t('unavailable.connecting') : undefined,
      run: () => ctx.serverAction('reconnect', s.id)
    },
    {
      id: `server.${s.disabled ? 'enable' : 'disable'}:${s.id}`,
      title: s.disabled ? t('command.enable', { server: s.id }) : t('command.disable', { server: s.id }),
      group: 'servers',
      keywords: ['server', 'turn off', 'turn on'],
      run: () => ctx.serverAction(s.disabled ? 'enable' : 'disable', s.id)
    },
    { id: `server.edit:${s.id}`, title: t('command.edit', { server: s.id }), group: 'servers', keywords: ['server', 'settings', 'config'], run: () => ctx.editServer(s.id) }
  ];
}

export function paletteCommands(ctx: CommandContext): PaletteCommand[] {
  const { t } = ctx;
  const emptyTray = ctx.trayCount === 0 ? t('unavailable.emptyTray') : undefined;
  const languageChoices: LanguagePreference[] = ['system', ...ctx.languages];
  return [
    ...ctx.servers.flatMap(s => serverCommands(ctx, s)),
    ...ctx.panels.map(
      (p): PaletteCommand => ({
        id: `panel.open:${p.id}`,
        title: t('command.openPanel', { panel: p.title }),
        group: 'panels',
        keywords: ['dock', 'tab', 'show'],
        run: () => ctx.openPanel(p.id)
      })
    ),
    ...themePreferences.map(
      (preference): PaletteCommand => ({
        id: `theme.set:${preference}`,
        title: t(`command.theme.${preference}`),
        group: 'appearance',
        keywords: ['theme', 'appearance', 'colour', 'color', preference === 'system' ? 'auto os' : 'mode'],
        unavailable: preference === ctx.themePreference ? t('unavailable.chosen') : undefined,
        run: () => ctx.setThemePreference(preference)
      })
    ),
    ...languageChoices.map(
      (preference): PaletteCommand => ({
        id: `language.set:${preference}`,
        title: preference === 'system' ? t('command.languageSystem') : t('command.language', { language: languageNames[preference] }),
        group: 'language',
        keywords: ['language', 'locale', 'translate', preference],
        unavailable: preference === ctx.languagePreference ? t('unavailable.chosen') : undefined,
        run: () => ctx.setLanguagePreference(preference)
      })
    ),
    ...(['markdown', 'json'] as const).map(
      (format): PaletteCommand => ({
        id: `tray.export:${format}`,
        title: t(`command.exportTray.${format}`),
        group: 'context',
        keywords: ['export', 'clipboard', 'context'],
        unavailable: emptyTray,
        run: () => ctx.exportTray(format)
      })
    ),
    { id: 'tray.clear', title: t('command.clearTray'), group: 'context', keywords: ['empty', 'remove all'], unavailable: emptyTray, run: () => ctx.clearTray() },
    { id: 'config.reload', title: t('command.reloadConfig'), group: 'servers', keywords: ['config', 'file', 'reload', 'mcpServers', 'edited'], run: () => ctx.reloadConfig() },
    { id: 'cache.clear', title: t('command.clearCache'), group: 'cache', keywords: ['cache', 'evict', 'empty'], run: () => ctx.clearCache() },
    { id: 'tour.start', title: t('command.tour'), group: 'help', keywords: ['help', 'tour', 'panes', 'welcome'], run: () => ctx.startTour() }
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

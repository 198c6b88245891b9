// The palette's CommandContext, from the same engine calls and stores the rest of the UI uses: the server
// card's reconnect, the dock's active panel, the theme store, the tray's export and the cache panel's clear.
import { exportJson, exportMarkdown, IncompleteTrayError } from '../../../shared/tray/tray-export';
import { dockPanels } from '../../app/dock-panels';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useResourceReads } from '../../queries/use-resource-read';
import { useServers } from '../../queries/use-servers';
import { useThemeStore } from '../../state/theme-store';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { useCacheActions } from '../cache/use-cache-snapshot';
import type { CommandContext, TrayExportFormat } from './commands';

export function useCommandContext(): CommandContext {
  const engine = useEngine();
  const servers = useServers().data ?? [];
  const reportError = useUiStore(s => s.reportError);
  const openPanel = useUiStore(s => s.setActiveDockPanel);
  const themePreference = useThemeStore(s => s.preference);
  const setThemePreference = useThemeStore(s => s.setPreference);
  const trayItems = useTrayStore(s => s.items);
  const clearTray = useTrayStore(s => s.clear);
  const reads = useResourceReads(trayItems);
  const { clear: clearCache } = useCacheActions();

  const exportTray = async (format: TrayExportFormat) => {
    const entries = trayItems.map((item, k) => ({ item, contents: reads[k]?.data?.contents }));
    try {
      await navigator.clipboard.writeText(format === 'json' ? exportJson(entries) : exportMarkdown(entries));
    } catch (e) {
      const error = callErrorOf(e);
      reportError('Export context', e instanceof IncompleteTrayError ? { ...error, message: `Cannot export yet. ${error.message}` } : error);
    }
  };

  return {
    servers,
    panels: dockPanels,
    themePreference,
    trayCount: trayItems.length,
    reconnectServer: serverId =>
      engine.call('servers.reconnect', { serverId }).catch((e: unknown) => reportError(`Reconnect ${serverId}`, callErrorOf(e))),
    openPanel,
    setThemePreference,
    exportTray,
    clearTray,
    clearCache: () => clearCache.mutateAsync().catch((e: unknown) => reportError('Clear cache', callErrorOf(e)))
  };
}

// The palette's CommandContext, from the same engine calls and stores the rest of the UI uses: the server
// card's actions, the dock's active panel, the theme and language stores, the tray's export (announced in a
// toast) and the cache panel's clear, the tour.
import { useTranslation } from 'react-i18next';
import { IncompleteTrayError, trayExportText, type TrayExportFormat } from '../../../shared/tray/tray-export';
import { dockPanels } from '../../app/dock-panels';
import { announce } from '../../app/toasts/Toasts';
import { useTourStore } from '../../app/tour/tour-store';
import { callErrorOf } from '../../api/call-error';
import { languages } from '../../i18n/catalogs';
import { useResourceReads } from '../../queries/use-resource-read';
import { useServers } from '../../queries/use-servers';
import { useLanguageStore } from '../../state/language-store';
import { useThemeStore } from '../../state/theme-store';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { useCacheActions } from '../cache/use-cache-snapshot';
import { useConfigReload } from '../servers/ConfigProblem';
import { useServerEditStore } from '../servers/server-edit-store';
import { useServerActions } from '../servers/use-server-actions';
import type { CommandContext } from './commands';

export function useCommandContext(): CommandContext {
  const { t } = useTranslation('palette');
  const { t: tShell } = useTranslation('shell');
  const servers = useServers().data ?? [];
  const actions = useServerActions();
  const editServer = useServerEditStore(s => s.edit);
  const reportError = useUiStore(s => s.reportError);
  const openPanel = useUiStore(s => s.setActiveDockPanel);
  const themePreference = useThemeStore(s => s.preference);
  const setThemePreference = useThemeStore(s => s.setPreference);
  const languagePreference = useLanguageStore(s => s.preference);
  const setLanguagePreference = useLanguageStore(s => s.setPreference);
  const trayItems = useTrayStore(s => s.items);
  const clearTray = useTrayStore(s => s.clear);
  const reads = useResourceReads(trayItems);
  const { clear: clearCache } = useCacheActions();
  const startTour = useTourStore(s => s.start);
  const reloadConfig = useConfigReload();

  const exportTray = async (format: TrayExportFormat) => {
    const entries = trayItems.map((item, k) => ({ item, contents: reads[k]?.data?.contents }));
    try {
      await navigator.clipboard.writeText(trayExportText(entries, format));
      announce(tShell(`toast.exported.${format}`));
    } catch (e) {
      const error = callErrorOf(e);
      reportError(t('ui.exportFailed'), e instanceof IncompleteTrayError ? { ...error, message: t('ui.exportIncomplete', { message: error.message }) } : error);
    }
  };

  return {
    t,
    servers,
    panels: dockPanels,
    themePreference,
    languagePreference,
    languages,
    trayCount: trayItems.length,
    serverAction: (action, serverId) => actions.run(action, serverId),
    editServer,
    openPanel,
    setThemePreference,
    setLanguagePreference,
    exportTray,
    clearTray,
    clearCache: () => clearCache.mutateAsync().catch((e: unknown) => reportError(t('ui.clearCacheFailed'), callErrorOf(e))),
    reloadConfig: () => reloadConfig.mutateAsync().catch((e: unknown) => reportError(t('ui.reloadConfigFailed'), callErrorOf(e))),
    startTour
  };
}

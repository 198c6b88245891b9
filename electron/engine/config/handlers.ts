// The contract methods for the config file: view it, read it again, import servers from other apps' files.
import type { ServerConfigEntry } from '../../../shared/contract';
import type { ServerRegistry } from '../connections/registry';
import type { HandlerMap } from '../handlers';
import { readImportFile } from './import';
import { currentHostDirs, findImportCandidates } from './import-candidates';
import { configViewOf, type ConfigReloader } from './reload';
import type { ConfigStore } from './store';

export function configHandlers(
  config: ConfigStore,
  registry: ServerRegistry,
  reloader: ConfigReloader
): HandlerMap<'config.get' | 'config.reload' | 'config.import' | 'config.importCandidates'> {
  return {
    'config.get': async () => configViewOf(config),
    'config.reload': () => reloader.reload(),
    'config.importCandidates': async () => findImportCandidates(currentHostDirs()),
    'config.import': async ({ path, format }) => {
      const found = await readImportFile(path, format ?? 'auto');
      const existing = config.entries();
      const added: Record<string, ServerConfigEntry> = {};
      const skipped = [...found.skipped];
      for (const [name, entry] of Object.entries(found.servers)) {
        if (name in existing) skipped.push({ name, reason: 'a server with this name is already configured' });
        else added[name] = entry;
      }
      if (Object.keys(added).length) await config.setServers(added);
      for (const [name, entry] of Object.entries(added)) await registry.add(name, entry);
      return { imported: Object.keys(added), skipped };
    }
  };
}

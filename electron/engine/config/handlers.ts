// The contract methods for the config file: view it, import servers from other apps' files.
import type { ConfigView, ServerConfigEntry } from '../../../shared/contract';
import type { ServerRegistry } from '../connections/registry';
import type { HandlerMap } from '../handlers';
import { redactEntry } from './entry-secrets';
import { readImportFile } from './import';
import { currentHostDirs, findImportCandidates } from './import-candidates';
import type { ConfigStore } from './store';

/** Secrets written in the config are the user's, not the page's: the view says one is set, never which. */
function withoutSecrets(view: ConfigView): ConfigView {
  return { ...view, servers: Object.fromEntries(Object.entries(view.servers).map(([name, entry]) => [name, redactEntry(entry)])) };
}

export function configHandlers(config: ConfigStore, registry: ServerRegistry): HandlerMap<'config.get' | 'config.import' | 'config.importCandidates'> {
  return {
    'config.get': async () => ({ ...withoutSecrets(config.view()), ...(config.isFirstStart && { firstStart: true }) }),
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

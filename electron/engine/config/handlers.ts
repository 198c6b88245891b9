// The contract methods for the config file: view it, read it again, import servers from other apps' files.
import { isDeepStrictEqual } from 'node:util';
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

export function configHandlers(config: ConfigStore, registry: ServerRegistry): HandlerMap<'config.get' | 'config.reload' | 'config.import' | 'config.importCandidates'> {
  const shown = () => ({ ...withoutSecrets(config.view()), ...(config.isFirstStart && { firstStart: true }) });
  return {
    'config.get': async () => shown(),
    'config.reload': async () => {
      await config.load();
      const listed = config.entries();
      // A file with errors stops nothing: a server it fails to give keeps running, and keeps its sign-in (removing a
      // server forgets its tokens), until the file is fixed. A valid file is the truth: what it no longer lists stops.
      if (!config.view().error) for (const name of registry.ids()) if (!(name in listed)) await registry.remove(name);
      const running = new Set(registry.ids());
      // An unchanged entry keeps its connection (and its lists, watches and sign-in) as it is.
      for (const [name, entry] of Object.entries(listed)) if (!running.has(name) || !isDeepStrictEqual(registry.get(name).entry, entry)) await registry.add(name, entry);
      return shown();
    },
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

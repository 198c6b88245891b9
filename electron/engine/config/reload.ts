// Reading the config file again and making the running servers what it says: for `config.reload`, and for an edit
// seen on disk (follow-file.ts). One at a time: a reload asked while another runs waits for it, so two never add the
// same server twice.
import { isDeepStrictEqual } from 'node:util';
import type { ConfigView } from '../../../shared/contract';
import type { ServerRegistry } from '../connections/registry';
import { redactEntry } from './entry-secrets';
import type { ConfigStore } from './store';

/** The config as the page is shown it: a secret written in the config is the user's, not the page's. */
export const configViewOf = (config: ConfigStore): ConfigView => {
  const view = config.view();
  const servers = Object.fromEntries(Object.entries(view.servers).map(([name, entry]) => [name, redactEntry(entry)]));
  return { ...view, servers, ...(config.isFirstStart && { firstStart: true }) };
};

export class ConfigReloader {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: ConfigStore,
    private readonly registry: ServerRegistry
  ) {}

  /** Reads the file again and applies it. */
  reload(): Promise<ConfigView> {
    return this.inTurn(() => this.apply());
  }

  /** The same, only if the file changed elsewhere since this app last read or wrote it; undefined if not. */
  reloadIfChanged(): Promise<ConfigView | undefined> {
    return this.inTurn(async () => ((await this.config.changedOnDisk()) ? this.apply() : undefined));
  }

  private inTurn<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async apply(): Promise<ConfigView> {
    const { config, registry } = this;
    await config.load();
    const listed = config.entries();
    // A file with errors stops nothing: a server it fails to give keeps running, and keeps its sign-in (removing a
    // server forgets its tokens), until the file is fixed. A valid file is the truth: what it no longer lists stops.
    if (!config.view().error) for (const name of registry.ids()) if (!(name in listed)) await registry.remove(name);
    const running = new Set(registry.ids());
    // An unchanged entry keeps its connection (and its lists, watches and sign-in) as it is.
    for (const [name, entry] of Object.entries(listed)) if (!running.has(name) || !isDeepStrictEqual(registry.get(name).entry, entry)) await registry.add(name, entry);
    return configViewOf(config);
  }
}

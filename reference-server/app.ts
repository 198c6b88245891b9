// The shared, process-wide state behind every server instance: options, registry, live resources and the
// requestState codec. Built once at startup; server instances (per connection or per request) only wrap it.
import { createRequestStateCodec, type RequestStateCodec } from '@modelcontextprotocol/server';
import { randomBytes } from 'node:crypto';
import { authEntries } from './auth/resources';
import { Catalog } from './catalog';
import { Churn } from './churn';
import type { ServerOptions } from './cli-args';
import { conformanceEntries } from './conformance-fixtures';
import { failureEntries } from './failures';
import { inputRequiredEntries } from './input-required';
import { invalidAnnotationEntries } from './invalid-annotations';
import { LiveResources } from './live';
import { Registry } from './registry';
import { Sandbox } from './sandbox';
import { folderChildEntries, showcaseEntries } from './showcase';
import { coreTemplates } from './templates';

export interface ReferenceApp {
  options: ServerOptions;
  registry: Registry;
  live: LiveResources;
  stateCodec: RequestStateCodec<unknown>;
  close(): Promise<void>;
}

export async function createApp(options: ServerOptions): Promise<ReferenceApp> {
  const live = new LiveResources(options.updateIntervalMs, options.seed);
  const catalog = new Catalog(options.resources, options.seed);
  const stateCodec = createRequestStateCodec<unknown>({
    key: options.stateKey ?? randomBytes(32),
    ttlSeconds: options.requestStateTtlSeconds,
    // Bound to the method, so state minted for one operation is refused by another.
    bind: ctx => ctx.mcpReq.method
  });
  const fixed = [
    ...showcaseEntries(options.seed),
    ...live.entries(),
    ...inputRequiredEntries(stateCodec),
    ...failureEntries(options.slowMs),
    ...conformanceEntries(live),
    ...(options.invalidAnnotations ? invalidAnnotationEntries() : []),
    ...(options.auth ? authEntries() : [])
  ];
  const sandbox = Sandbox.create(options.sandboxDir, options.seed);
  sandbox.watch({ updated: uri => live.touch(uri), listChanged: () => live.announceListChanged() });
  const templates = [...coreTemplates(catalog, options.seed), sandbox.templateEntry()];
  const fingerprint = `${options.seed}:${options.resources}:${options.pageSize}:${options.templatePageSize}:${options.invalidAnnotations}:${options.auth !== undefined}`;
  const registry = new Registry({
    fixed, unlisted: folderChildEntries(options.seed), catalog, sandbox, live, templates,
    pageSize: options.pageSize, templatePageSize: options.templatePageSize, fingerprint
  });
  live.start();
  const churn = new Churn(live, options.churn, options.churnRate, options.churnTrace);
  churn.start();
  return {
    options, registry, live, stateCodec,
    async close() {
      churn.stop();
      live.stop();
      sandbox.dispose();
    }
  };
}

// The palette's registry: one command per server, panel and theme, the tray and cache actions, what makes
// one unavailable, that each runs the context action it names, and the ranking of a typed query.
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/contract';
import { paletteCommands, rankCommands, type CommandContext } from './commands';

function server(id: string, status: ServerState['status']): ServerState {
  return { id, status, transport: 'stdio', reconnectAttempt: 0, endpoint: `node ${id}.js` };
}

function context(patch: Partial<CommandContext> = {}) {
  const calls: string[] = [];
  const ctx: CommandContext = {
    servers: [server('alpha', 'connected'), server('beta', 'connecting')],
    panels: [{ id: 'protocol-log', title: 'Protocol log' }, { id: 'cache', title: 'Cache' }],
    themePreference: 'system',
    trayCount: 2,
    reconnectServer: id => calls.push(`reconnect ${id}`),
    openPanel: id => calls.push(`panel ${id}`),
    setThemePreference: p => calls.push(`theme ${p}`),
    exportTray: f => calls.push(`export ${f}`),
    clearTray: () => calls.push('clear tray'),
    clearCache: () => calls.push('clear cache'),
    ...patch
  };
  return { ctx, calls };
}

describe('paletteCommands', () => {
  it('offers every action once, with unique ids, each running its own context action', () => {
    const { ctx, calls } = context();
    const commands = paletteCommands(ctx);
    expect(commands.map(c => c.id)).toEqual([
      'server.reconnect:alpha',
      'server.reconnect:beta',
      'panel.open:protocol-log',
      'panel.open:cache',
      'theme.set:system',
      'theme.set:light',
      'theme.set:dark',
      'tray.export:markdown',
      'tray.export:json',
      'tray.clear',
      'cache.clear'
    ]);
    for (const c of commands) c.run();
    expect(calls).toEqual([
      'reconnect alpha',
      'reconnect beta',
      'panel protocol-log',
      'panel cache',
      'theme system',
      'theme light',
      'theme dark',
      'export markdown',
      'export json',
      'clear tray',
      'clear cache'
    ]);
  });

  it('says why a command cannot run now', () => {
    const unavailable = (ctx: CommandContext) => Object.fromEntries(paletteCommands(ctx).filter(c => c.unavailable).map(c => [c.id, c.unavailable]));
    expect(unavailable(context().ctx)).toEqual({ 'server.reconnect:beta': 'connecting now', 'theme.set:system': 'already chosen' });
    expect(unavailable(context({ trayCount: 0, themePreference: 'dark', servers: [] }).ctx)).toEqual({
      'theme.set:dark': 'already chosen',
      'tray.export:markdown': 'the context tray is empty',
      'tray.export:json': 'the context tray is empty',
      'tray.clear': 'the context tray is empty'
    });
  });
});

describe('rankCommands', () => {
  const commands = paletteCommands(context().ctx);
  const ids = (query: string) => rankCommands(commands, query).map(c => c.id);

  it('keeps every command, in registry order, for an empty query', () => {
    expect(ids('  ')).toEqual(commands.map(c => c.id));
  });

  it('finds by title, group and keywords, best match first, and drops what does not match', () => {
    expect(ids('reconnect beta')[0]).toBe('server.reconnect:beta');
    expect(ids('protocol')).toEqual(['panel.open:protocol-log']);
    expect(ids('dark')[0]).toBe('theme.set:dark');
    expect(ids('clipboard')).toEqual(['tray.export:markdown', 'tray.export:json']);
    expect(ids('zzzz')).toEqual([]);
  });
});

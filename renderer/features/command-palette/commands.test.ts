// The palette's registry: the server actions (connect/reconnect, disable/enable, edit), one command per panel,
// theme and language, the tray and cache actions and the tour; what makes one unavailable, that each runs the
// context action it names, titles from the real English catalog, and the ranking of a typed query.
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/contract';
import { initI18n } from '../../i18n/i18n';
import { paletteCommands, rankCommands, type CommandContext } from './commands';
import { serverState } from '../../../test-support/renderer/server-state';

const t = initI18n('en').getFixedT('en', 'palette');

const server = (id: string, status: ServerState['status'], disabled?: boolean): ServerState => serverState(id, status, disabled ? { disabled } : {});

function context(patch: Partial<CommandContext> = {}) {
  const calls: string[] = [];
  const ctx: CommandContext = {
    t,
    servers: [server('alpha', 'connected'), server('beta', 'connecting'), server('gamma', 'disconnected', true)],
    panels: [{ id: 'protocol-log', title: 'Protocol log' }, { id: 'cache', title: 'Cache' }],
    themePreference: 'system',
    languagePreference: 'system',
    languages: ['en', 'zh-TW'],
    trayCount: 2,
    serverAction: (action, id) => calls.push(`${action} ${id}`),
    editServer: id => calls.push(`edit ${id}`),
    openPanel: id => calls.push(`panel ${id}`),
    setThemePreference: p => calls.push(`theme ${p}`),
    setLanguagePreference: p => calls.push(`language ${p}`),
    exportTray: f => calls.push(`export ${f}`),
    clearTray: () => calls.push('clear tray'),
    clearCache: () => calls.push('clear cache'),
    reloadConfig: () => calls.push('reload config'),
    startTour: () => calls.push('tour'),
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
      'server.disable:alpha',
      'server.edit:alpha',
      'server.reconnect:beta',
      'server.disable:beta',
      'server.edit:beta',
      'server.reconnect:gamma',
      'server.enable:gamma',
      'server.edit:gamma',
      'panel.open:protocol-log',
      'panel.open:cache',
      'theme.set:system',
      'theme.set:light',
      'theme.set:dark',
      'language.set:system',
      'language.set:en',
      'language.set:zh-TW',
      'tray.export:markdown',
      'tray.export:json',
      'tray.clear',
      'config.reload',
      'cache.clear',
      'tour.start'
    ]);
    for (const c of commands) c.run();
    expect(calls).toEqual([
      'reconnect alpha',
      'disable alpha',
      'edit alpha',
      'reconnect beta',
      'disable beta',
      'edit beta',
      'reconnect gamma',
      'enable gamma',
      'edit gamma',
      'panel protocol-log',
      'panel cache',
      'theme system',
      'theme light',
      'theme dark',
      'language system',
      'language en',
      'language zh-TW',
      'export markdown',
      'export json',
      'clear tray',
      'reload config',
      'clear cache',
      'tour'
    ]);
  });

  it('titles say what runs, in the catalog language: connect for a server that is not connected', () => {
    const titles = Object.fromEntries(paletteCommands(context().ctx).map(c => [c.id, c.title]));
    expect(titles).toMatchObject({
      'server.reconnect:alpha': 'Reconnect alpha',
      'server.reconnect:gamma': 'Connect gamma',
      'server.enable:gamma': 'Enable gamma',
      'server.edit:beta': 'Edit beta…',
      'language.set:zh-TW': 'Language: 繁體中文',
      'tour.start': 'Show the tour of the panes'
    });
  });

  it('says why a command cannot run now', () => {
    const unavailable = (ctx: CommandContext) => Object.fromEntries(paletteCommands(ctx).filter(c => c.unavailable).map(c => [c.id, c.unavailable]));
    expect(unavailable(context().ctx)).toEqual({
      'server.reconnect:beta': 'connecting now',
      'server.reconnect:gamma': 'disabled',
      'theme.set:system': 'already chosen',
      'language.set:system': 'already chosen'
    });
    expect(unavailable(context({ trayCount: 0, themePreference: 'dark', languagePreference: 'en', servers: [] }).ctx)).toEqual({
      'theme.set:dark': 'already chosen',
      'language.set:en': 'already chosen',
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
    expect(ids('reconnect alpha')[0]).toBe('server.reconnect:alpha');
    expect(ids('connect beta')[0]).toBe('server.reconnect:beta');
    expect(ids('disable alpha')[0]).toBe('server.disable:alpha');
    expect(ids('language')[0]).toMatch(/^language\.set:/);
    expect(ids('protocol')).toEqual(['panel.open:protocol-log']);
    expect(ids('dark')[0]).toBe('theme.set:dark');
    expect(ids('clipboard')).toEqual(['tray.export:markdown', 'tray.export:json']);
    expect(ids('zzzz')).toEqual([]);
  });
});

// Finding a server's card by its name, its reported name or title, or its endpoint.
import { describe, expect, it } from 'vitest';
import { serverState } from '../../../test-support/renderer/server-state';
import { serverMatches } from './server-find';

describe('serverMatches', () => {
  const weather = serverState('Weather-EU', 'connected', {
    transport: 'http',
    endpoint: 'https://mcp.example.com/weather',
    serverInfo: { name: 'forecast-server', title: 'Forecasts for Europe', version: '1.0.0' }
  });
  const files = serverState('files', 'error', { endpoint: 'npx -y @example/files-mcp /home/me' });

  it('matches every server when the query is empty or blank', () => {
    expect(serverMatches(weather, '')).toBe(true);
    expect(serverMatches(files, '   ')).toBe(true);
  });

  it('finds a server by a part of its config name, in any case', () => {
    expect(serverMatches(weather, 'weather')).toBe(true);
    expect(serverMatches(weather, 'ER-e')).toBe(true);
    expect(serverMatches(files, 'weather')).toBe(false);
  });

  it('finds a server by the name and title it reports, and by its command line or URL', () => {
    expect(serverMatches(weather, 'forecast-server')).toBe(true);
    expect(serverMatches(weather, 'europe')).toBe(true);
    expect(serverMatches(weather, 'example.com')).toBe(true);
    expect(serverMatches(files, '@example/files')).toBe(true);
    expect(serverMatches(files, 'forecast')).toBe(false);
  });

  it('needs every term, each anywhere, and never matches across two fields', () => {
    expect(serverMatches(weather, 'europe weather')).toBe(true);
    expect(serverMatches(weather, 'europe files')).toBe(false);
    // The config name's end and the reported name's start, run together, are in neither field.
    expect(serverMatches(weather, '-euforecast')).toBe(false);
  });
});

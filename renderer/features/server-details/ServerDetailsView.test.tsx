// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerDetails } from '../../../shared/contract';
import { summarizeCapabilities } from './details-format';
import { ServerDetailsView } from './ServerDetailsView';
import { appendStderr } from './use-server-details';

afterEach(cleanup);

const details = (extra: Partial<ServerDetails> = {}): ServerDetails => ({
  id: 'reference',
  transport: 'stdio',
  status: 'connected',
  era: 'modern',
  protocolVersion: '2026-07-28',
  serverInfo: { name: 'reference-server', version: '1.2.3' },
  capabilities: { resources: { subscribe: true, listChanged: true }, completions: {}, logging: false },
  instructions: 'Read test://static-text first.',
  reconnectAttempt: 0,
  endpoint: 'npx tsx reference-server/main.ts --transport stdio',
  handshake: { supportedVersions: ['2026-07-28'] },
  reconnectHistory: [{ at: 1_000, attempt: 1, delayMs: 500, reason: 'process exited (code 1)' }],
  stderr: [
    { at: 1, text: 'reference server listening on stdio' },
    { at: 2, text: 'read test://static-text' }
  ],
  stderrDropped: 0,
  notifications: [{ at: 3, method: 'notifications/resources/updated', params: { uri: 'test://watched-resource' } }],
  pid: 4242,
  eraVerdict: { source: 'prior', savedAt: 0 },
  ...extra
});

describe('ServerDetailsView', () => {
  it('shows era, version, identity and capabilities of a 2026 server', () => {
    render(<ServerDetailsView details={details()} />);
    const root = screen.getByTestId('server-details');
    expect(root.dataset).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', transport: 'stdio' });
    expect(screen.getByTestId('server-details-info').textContent).toContain('reference-server');
    expect(screen.getByTestId('server-details-info').textContent).toContain('1.2.3');
    const caps = screen.getAllByTestId('server-capability').map(c => [c.dataset.capability, c.dataset.flags]);
    expect(caps).toEqual([
      ['completions', ''],
      ['resources', 'subscribe,listChanged']
    ]);
    expect(screen.getByTestId('server-details-pid').textContent).toContain('4242');
    expect(screen.getByTestId('server-details-verdict').dataset.source).toBe('prior');
    expect(screen.getByTestId('server-instructions').textContent).toBe('Read test://static-text first.');
    expect(screen.getByTestId('server-handshake').textContent).toContain('supportedVersions');
    expect(screen.getAllByTestId('reconnect-event')).toHaveLength(1);
    expect(screen.getByTestId('notification-item').dataset.method).toBe('notifications/resources/updated');
  });

  it('names the legacy handshake and shows the latest error with its cause', () => {
    render(
      <ServerDetailsView
        details={details({
          era: 'legacy',
          protocolVersion: '2025-11-25',
          transport: 'http',
          endpoint: 'http://127.0.0.1:1/mcp',
          lastError: { code: 'transport', message: 'fetch failed (ECONNREFUSED)', data: { status: 503 } }
        })}
      />
    );
    expect(screen.getByTestId('server-details-era').textContent).toContain('2025');
    expect(screen.getByText('initialize result')).toBeTruthy();
    expect(screen.getByTestId('server-last-error').dataset.code).toBe('transport');
    expect(screen.getByTestId('server-last-error').textContent).toContain('ECONNREFUSED');
    expect(screen.queryByTestId('stderr-pane')).toBeNull();
  });

  it('searches the stderr pane', () => {
    render(<ServerDetailsView details={details()} />);
    expect(screen.getAllByTestId('stderr-line')).toHaveLength(2);
    fireEvent.change(screen.getByTestId('stderr-search'), { target: { value: 'STATIC' } });
    expect(screen.getAllByTestId('stderr-line').map(l => l.textContent)).toEqual([expect.stringContaining('read test://static-text')]);
  });
});

describe('details helpers', () => {
  it('bounds the stderr lines kept in the view and counts what it dropped', () => {
    const next = appendStderr(details(), [{ at: 4, text: 'c' }], 2);
    expect(next.stderr.map(l => l.text)).toEqual(['read test://static-text', 'c']);
    expect(next.stderrDropped).toBe(1);
  });

  it('ignores odd capability values from an untrusted server', () => {
    expect(summarizeCapabilities({ tools: null, prompts: 'yes', resources: [] } as Record<string, unknown>)).toEqual([
      { name: 'prompts', flags: [] },
      { name: 'resources', flags: [] }
    ]);
    expect(i18next.t('serverDetails:era.none')).toBe('Not negotiated yet');
  });
});

// @vitest-environment happy-dom
// The template list shows each template's annotations with the same badges as picker rows and content parts.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerState, TemplateItem } from '../../../shared/contract';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { TemplatesPanel } from './TemplatesPanel';

afterEach(cleanup);

const server: ServerState = { id: 'ref', transport: 'stdio', status: 'connected', capabilities: { resources: {} }, reconnectAttempt: 0, endpoint: 'node ref.js' };

const templates: TemplateItem[] = [
  { serverId: 'ref', uriTemplate: 'ref://notes/{id}', name: 'notes', annotations: { audience: ['assistant'], priority: 0.8, lastModified: '2026-04-05T06:07:08Z' } },
  { serverId: 'ref', uriTemplate: 'ref://plain/{id}', name: 'plain' }
];

describe('TemplatesPanel', () => {
  it('shows each template’s annotations as badges', async () => {
    const engine = stubEngine({
      'servers.list': () => [server],
      'templates.list': () => ({ serverId: 'ref', items: templates, pages: 1, cache: { state: 'miss', receivedAt: 0 } })
    });
    renderWithEngine(<TemplatesPanel />, engine);
    await waitFor(() => expect(screen.getAllByTestId('template-item')).toHaveLength(2));
    const [annotated, plain] = screen.getAllByTestId('template-item');
    const badges = annotated.querySelector('[data-testid="annotation-badges"]');
    expect(Array.from(badges?.querySelectorAll('.badge') ?? [], b => b.textContent)).toEqual(['assistant', 'P 0.80', '2026-04-05']);
    expect(plain.querySelector('[data-testid="annotation-badges"]')).toBeNull();
  });
});

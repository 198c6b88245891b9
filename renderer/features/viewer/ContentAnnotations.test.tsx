// @vitest-environment happy-dom
// A content part shows its annotations (the content block's own, not the listed resource's) in its toolbar,
// with the same badges as picker rows, invalid values included.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Annotations, ContentPart } from '../../../shared/contract';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { ContentPartView } from './ContentPartView';

afterEach(cleanup);

function showPart(part: ContentPart) {
  renderWithEngine(<ContentPartView part={part} index={0} total={1} source={{ serverId: 'ref', uri: part.uri }} />, stubEngine({}));
  return screen.getByTestId('content-part');
}

const badgeTexts = (el: Element) => Array.from(el.querySelectorAll('[data-testid="annotation-badges"] .badge'), b => b.textContent);

describe('ContentPartView annotations', () => {
  it('shows audience, priority and date badges for an annotated content block', () => {
    const part = showPart({ uri: 'ref://a.txt', mimeType: 'text/plain', kind: 'text', text: 'hi', annotations: { audience: ['user'], priority: 1, lastModified: '2026-01-02T03:04:05Z' } });
    expect(badgeTexts(part.querySelector('.part-toolbar')!)).toEqual(['user', 'P 1.00', '2026-01-02']);
  });

  it('shows no badges for a block without annotations, and marks an invalid value that reached it', () => {
    expect(showPart({ uri: 'ref://b.bin', kind: 'blob', blob: 'AAE=', size: 2 }).querySelector('[data-testid="annotation-badges"]')).toBeNull();
    cleanup();
    const part = showPart({ uri: 'ref://c.txt', kind: 'text', text: 'x', annotations: { priority: 7 } as Annotations });
    expect(badgeTexts(part)).toEqual(['invalid priority: 7']);
  });
});

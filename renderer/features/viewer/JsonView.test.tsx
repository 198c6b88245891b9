// @vitest-environment happy-dom
// A JSON resource as a tree: the bidirectional controls in its keys and strings show as marks, as in the text view
// (the tree renders strings itself, so they are written into the values it is given).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonView } from './JsonView';

afterEach(cleanup);

describe('JsonView', () => {
  it('marks bidirectional controls in keys and string values, raw or escaped in the source, and leaves the rest alone', () => {
    const source = JSON.stringify({ 'role\u202e': 'admin\u2066 // later\u2069', note: 'plain\ttext', nested: [{ deep: 'x\\u202ey' }] }).replace('x\\\\u202ey', 'x\\u202ey');
    const { container } = render(<JsonView source={source} />);
    const text = container.textContent ?? '';
    expect(text).toContain('role[RLO]');
    expect(text).toContain('admin[LRI] // later[PDI]');
    expect(text).toContain('x[RLO]y');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

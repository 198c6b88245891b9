import { describe, expect, it } from 'vitest';
import { withSavedTemplate, type SavedTemplate } from './saved-templates-store';

const entry = (name: string, uriTemplate: string, text: string): SavedTemplate => ({ name, serverId: 's', uriTemplate, inputs: { q: { kind: 'text', text } } });

describe('saved templates', () => {
  it('replaces the same name for the same template, keeps the same name for another template apart', () => {
    let saved = withSavedTemplate([], entry('mine', 'ref://search{?q}', 'a'));
    saved = withSavedTemplate(saved, entry('mine', 'ref://docs/{path}', 'b'));
    saved = withSavedTemplate(saved, entry(' mine ', 'ref://search{?q}', 'c'));
    expect(saved.map(s => [s.uriTemplate, s.name, s.inputs.q.text])).toEqual([
      ['ref://search{?q}', 'mine', 'c'],
      ['ref://docs/{path}', 'mine', 'b']
    ]);
  });
});

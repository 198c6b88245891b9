import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { describeIssues, issueLines } from './validation-issues';

const schema = z.object({ url: z.string(), args: z.array(z.string()) });
const failure = (value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error;
};

describe('validation issues', () => {
  it('dots each issue path and labels an issue about the whole value with rootLabel', () => {
    expect(describeIssues(failure({ url: 1, args: ['a', 2] }), 'params')).toMatch(/^url: .+; args\.1: .+$/);
    expect(describeIssues(failure('not an object'), 'params')).toMatch(/^params: /);
    expect(describeIssues(failure('not an object'), '')).toMatch(/^: /);
  });

  it('continues paths under a prefix, one line per issue', () => {
    const lines = issueLines(failure({ url: 1, args: [] }), { under: 'mcpServers.foo' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^mcpServers\.foo\.url: /);
    expect(issueLines(failure(null), { under: 'mcpServers.foo' })[0]).toMatch(/^mcpServers\.foo: /);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_SERVER_ID_LENGTH, importFormatSchema, logDirectionSchema, serverIdSchema } from './param-schemas';

describe('param schemas', () => {
  it('build the wider enums from the narrower ones, in the order their messages list them', () => {
    expect(logDirectionSchema.options).toEqual(['out', 'in', 'cache']);
    expect(importFormatSchema.options).toEqual(['auto', 'claude', 'cursor', 'vscode']);
  });

  it('bound a server id by MAX_SERVER_ID_LENGTH', () => {
    expect(serverIdSchema.safeParse('s'.repeat(MAX_SERVER_ID_LENGTH)).success).toBe(true);
    expect(serverIdSchema.safeParse('s'.repeat(MAX_SERVER_ID_LENGTH + 1)).success).toBe(false);
    expect(serverIdSchema.safeParse('').success).toBe(false);
  });
});

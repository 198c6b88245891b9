import { describe, expect, it } from 'vitest';
import { ArgsError, parseWebArgs } from './args';

describe('parseWebArgs', () => {
  it('defaults to a free loopback port and opening the browser', () => {
    expect(parseWebArgs([])).toEqual({ port: 0, host: '127.0.0.1', open: true, unsafeExpose: false, help: false });
  });

  it('reads every option, in both --flag value and --flag=value forms', () => {
    expect(parseWebArgs(['--port', '0', '--host=localhost', '--config', 'c.json', '--data-dir=/d', '--no-open', '--unsafe-expose'])).toEqual({
      port: 0,
      host: 'localhost',
      configPath: 'c.json',
      dataDir: '/d',
      open: false,
      unsafeExpose: true,
      help: false
    });
  });

  it('rejects unknown options, missing values and bad ports with a clear message', () => {
    expect(() => parseWebArgs(['--prot', '1'])).toThrow(new ArgsError('Unknown option "--prot"'));
    expect(() => parseWebArgs(['--config'])).toThrow(/--config needs a value/);
    expect(() => parseWebArgs(['--port', '70000'])).toThrow(/--port must be a number/);
    expect(() => parseWebArgs(['--port', '-1'])).toThrow(/--port must be a number/);
  });
});

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

  it('reads -h and --help as help', () => {
    expect(parseWebArgs(['-h']).help).toBe(true);
    expect(parseWebArgs(['--help']).help).toBe(true);
  });

  it('rejects unknown options, missing values and bad ports with a message naming the option', () => {
    const error = (argv: string[]): ArgsError => {
      try {
        parseWebArgs(argv);
      } catch (err) {
        return err as ArgsError;
      }
      throw new Error(`parseWebArgs(${JSON.stringify(argv)}) did not throw`);
    };
    expect(error(['--prot', '1'])).toBeInstanceOf(ArgsError);
    expect(error(['--prot', '1']).message).toMatch(/Unknown option '--prot'/);
    expect(error(['stray']).message).toMatch(/Unexpected argument 'stray'/);
    expect(error(['--config']).message).toMatch(/--config <value>' argument missing/);
    expect(error(['--config=']).message).toBe('--config needs a value');
    expect(error(['--data-dir', '']).message).toBe('--data-dir needs a value');
    expect(error(['--no-open=yes']).message).toMatch(/--no-open' does not take an argument/);
    expect(error(['--port', '70000']).message).toMatch(/--port must be a number/);
    expect(error(['--port=-1']).message).toMatch(/--port must be a number/);
    expect(error(['--port', '-1']).message).toMatch(/--port' argument is ambiguous/);
  });
});

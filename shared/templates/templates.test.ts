import { describe, expect, it } from 'vitest';
import { completionContext, expandTemplate, parseTemplate, type TemplateValues } from './index';

// The variables of RFC 6570 §3.2.
const rfc: TemplateValues = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { pairs: [['semi', ';'], ['dot', '.'], ['comma', ',']] },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: { pairs: [] }
};

function expand(template: string, values: TemplateValues = rfc): string {
  const result = expandTemplate(parseTemplate(template), values);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.uri;
}

describe('RFC 6570 expansion (examples from §3.2)', () => {
  it.each([
    // level 1 and 2
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['O{empty}X', 'OX'],
    ['O{undef}X', 'OX'],
    ['{x,y}', '1024,768'],
    ['{x,hello,y}', '1024,Hello%20World%21,768'],
    ['?{x,empty}', '?1024,'],
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+half}', '50%25'],
    ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
    ['{+base}index', 'http://example.com/home/index'],
    ['{+path}/here', '/foo/bar/here'],
    ['here?ref={+path}', 'here?ref=/foo/bar'],
    ['{#var}', '#value'],
    ['{#hello}', '#Hello%20World!'],
    ['{#path:6}/here', '#/foo/b/here'],
    // level 3
    ['map?{x,y}', 'map?1024,768'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['{#x,hello,y}', '#1024,Hello%20World!,768'],
    ['X{.var}', 'X.value'],
    ['X{.x,y}', 'X.1024.768'],
    ['{/var}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    // level 4: prefix and explode
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{list}', 'red,green,blue'],
    ['{list*}', 'red,green,blue'],
    ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
    ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
    ['{+path:6}/here', '/foo/b/here'],
    ['{+list*}', 'red,green,blue'],
    ['{+keys*}', 'semi=;,dot=.,comma=,'],
    ['{#list*}', '#red,green,blue'],
    ['X{.list}', 'X.red,green,blue'],
    ['X{.list*}', 'X.red.green.blue'],
    ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
    ['{/var:1,var}', '/v/value'],
    ['{/list*}', '/red/green/blue'],
    ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
    ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
    ['{;hello:5}', ';hello=Hello'],
    ['{;list}', ';list=red,green,blue'],
    ['{;list*}', ';list=red;list=green;list=blue'],
    ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
    ['{?var:3}', '?var=val'],
    ['{?list}', '?list=red,green,blue'],
    ['{?list*}', '?list=red&list=green&list=blue'],
    ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
    ['{&var:3}', '&var=val'],
    ['{&list*}', '&list=red&list=green&list=blue'],
    ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
    // §2.3: empty lists and maps are undefined
    ['X{?empty_keys*}Y', 'XY'],
    ['X{/who,empty_keys}', 'X/fred']
  ])('%s → %s', (template, expected) => {
    expect(expand(template)).toBe(expected);
  });

  it('percent-encodes non-ASCII as UTF-8 and keeps literals intact', () => {
    expect(expand('notes://{id}', { id: 'café ☕' })).toBe('notes://caf%C3%A9%20%E2%98%95');
    expect(expand('file:///{+path}', { path: 'docs/a b%20c.md' })).toBe('file:///docs/a%20b%20c.md');
  });

  it('counts a prefix in characters, not UTF-16 units', () => {
    expect(expand('{x:2}', { x: '😀😁😂' })).toBe('%F0%9F%98%80%F0%9F%98%81');
  });

  it('reports what was left unset', () => {
    const result = expandTemplate(parseTemplate('s://{a}{?b,c}'), { a: 'x', b: '' });
    expect(result).toEqual({ ok: true, uri: 's://x?b=', unset: ['c'] });
  });
});

describe('values that cannot expand', () => {
  it('refuses a prefix on a list, naming the variable', () => {
    const result = expandTemplate(parseTemplate('{list:3}'), { list: ['a', 'b'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([{ code: 'prefixOnComposite', variable: 'list', prefix: 3 }]);
  });

  it('refuses an unpaired surrogate', () => {
    const result = expandTemplate(parseTemplate('a/{x}/{y}'), { x: 'ok', y: 'bad\uD800' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([{ code: 'unpairedSurrogate', variable: 'y' }]);
  });
});

describe('parsing', () => {
  it('lists variables once with every occurrence', () => {
    const parsed = parseTemplate('repo://{owner}/{repo}{/path*}{?ref,owner:2}');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.variables.map(v => v.name)).toEqual(['owner', 'repo', 'path', 'ref']);
    expect(parsed.variables[0].occurrences).toEqual([
      { operator: '', explode: false },
      { operator: '?', explode: false, prefix: 2 }
    ]);
    expect(parsed.variables[2].occurrences).toEqual([{ operator: '/', explode: true }]);
  });

  it.each([
    ['a{b', { code: 'unclosed', position: 2 }],
    ['a}b', { code: 'unexpectedClose', position: 2 }],
    ['{}', { code: 'emptyExpression', position: 1 }],
    ['{=x}', { code: 'reservedOperator', operator: '=', expression: '{=x}' }],
    ['{x y}', { code: 'invalidName', name: 'x y', expression: '{x y}', position: 1 }],
    ['{x:0}', { code: 'badPrefix', name: 'x', length: '0', expression: '{x:0}', position: 1 }],
    ['{x:10000}', { code: 'badPrefix', name: 'x', length: '10000', expression: '{x:10000}', position: 1 }],
    ['a{x,}', { code: 'missingName', expression: '{x,}', position: 2 }],
    ['{a{b}}', { code: 'unclosed', position: 1 }]
  ])('rejects %s', (template, error) => {
    const parsed = parseTemplate(template);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toEqual(error);
    expect(expandTemplate(parsed, {})).toEqual({ ok: false, problems: [{ code: 'syntax', error }] });
  });

  it('accepts dotted and pct-encoded names', () => {
    const parsed = parseTemplate('{a.b,c%20d}');
    expect(parsed.ok && parsed.variables.map(v => v.name)).toEqual(['a.b', 'c%20d']);
  });
});

describe('completionContext', () => {
  it('carries the other filled arguments as strings', () => {
    expect(completionContext({ owner: 'acme', repo: 'ro', tags: ['a', 'b'], empty: '', q: undefined }, 'repo')).toEqual({
      owner: 'acme',
      tags: 'a,b'
    });
  });
});

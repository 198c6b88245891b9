// The words the user sees for each template error, problem and variable use, in English and in Chinese.
import { describe, expect, it } from 'vitest';
import { expandTemplate, parseTemplate } from '../../../shared/templates';
import { initI18n } from '../../i18n/i18n';
import { describeVariable, problemMessage, syntaxErrorMessage } from './template-messages';

const i18n = initI18n('en');
const en = i18n.getFixedT('en', 'templates');
const zhTW = i18n.getFixedT('zh-TW', 'templates');

const syntaxError = (template: string) => {
  const parsed = parseTemplate(template);
  if (parsed.ok) throw new Error(`${template} parsed`);
  return parsed.error;
};

describe('template messages', () => {
  it.each([
    ['a{b', 'Malformed URI template: the “{” at position 2 is never closed.'],
    ['a}b', 'Malformed URI template: unexpected “}” at position 2.'],
    ['{=x}', 'Malformed URI template: the operator “=” in {=x} is reserved by RFC 6570 and cannot be expanded.'],
    ['{x y}', 'Malformed URI template: “x y” in {x y} at position 1 is not a valid variable name.'],
    ['{x:0}', 'Malformed URI template: the prefix length “0” of “x” in {x:0} must be a number from 1 to 9999.'],
    ['a{x,}', 'Malformed URI template: a variable name is missing in {x,} at position 2.']
  ])('words the syntax error of %s', (template, message) => {
    expect(syntaxErrorMessage(syntaxError(template), en)).toBe(message);
  });

  it('words each syntax error in Chinese too, with its values in place', () => {
    expect(syntaxErrorMessage(syntaxError('a{b'), zhTW)).toBe('URI 範本格式錯誤：第 2 個字元的「{」沒有關閉。');
    expect(syntaxErrorMessage(syntaxError('{x y}'), zhTW)).toContain('「x y」');
  });

  it('words the problems of values that cannot expand, naming the variable', () => {
    const expansion = expandTemplate(parseTemplate('{list:3}/{y}'), { list: ['a', 'b'], y: 'bad\uD800' });
    if (expansion.ok) throw new Error('expanded');
    expect(expansion.problems.map(p => problemMessage(p, en))).toEqual([
      '“list” is used with a prefix (:3), which only applies to a single text value, not to a list or map.',
      '“y” contains a broken character (an unpaired surrogate) that cannot be encoded in a URI.'
    ]);
    expect(problemMessage(expansion.problems[1], zhTW)).toContain('「y」');
  });

  it('describes each use of a variable once, with the plural of its prefix', () => {
    const parsed = parseTemplate('repo://{owner}/{repo}{/path*}{?ref,owner:2}{&one:1}');
    if (!parsed.ok) throw new Error('did not parse');
    const [owner, , path, , one] = parsed.variables;
    expect(describeVariable(owner, en, 'en')).toBe('simple; query, first 2 characters');
    expect(describeVariable(path, en, 'en')).toBe('path segment, explode');
    expect(describeVariable(one, en, 'en')).toBe('query continuation, first 1 character');
    expect(describeVariable(path, zhTW, 'zh-TW')).toBe('路徑區段 展開');
  });
});

// @vitest-environment happy-dom
// A server's stderr logged with ANSI colours: the colours as theme classes, the escapes gone from what is shown and
// from what the search looks in, and a control character that is not an escape sequence shown as a mark.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StderrPane } from './StderrPane';

afterEach(cleanup);

const ESC = '\u001b';

describe('StderrPane', () => {
  it('shows ANSI colours and styles as classes, without the escapes, and searches the text without them', () => {
    const lines = [
      { at: 0, text: `${ESC}[31merror${ESC}[39m: cannot open ${ESC}[1;33mconfig.json${ESC}[0m` },
      { at: 1, text: `${ESC}[2Jcleared, then a bell\u0007` },
      { at: 2, text: 'plain line' }
    ];
    render(<StderrPane lines={lines} dropped={0} />);
    const shown = screen.getAllByTestId('stderr-line');
    expect(shown[0].textContent).toMatch(/error: cannot open config\.json$/);
    expect(shown[0].querySelector('.ansi-red')?.textContent).toBe('error');
    expect(shown[0].querySelector('.ansi-yellow.ansi-bold')?.textContent).toBe('config.json');
    expect(shown[1].textContent).toMatch(/cleared, then a bellBEL$/);
    expect(shown.map(line => line.textContent).join('')).not.toContain(ESC);

    // "31m" is in the first line's bytes, not in its text.
    fireEvent.change(screen.getByTestId('stderr-search'), { target: { value: '31m' } });
    expect(screen.queryAllByTestId('stderr-line')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('stderr-search'), { target: { value: 'error: cannot' } });
    expect(screen.getAllByTestId('stderr-line')).toHaveLength(1);
  });
});

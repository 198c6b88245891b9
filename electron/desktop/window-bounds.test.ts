// The placement logic only: Electron cannot run here (no binary), so the BrowserWindow wiring in main.ts is
// exercised by the Electron e2e where a binary exists.
import { describe, expect, it } from 'vitest';
import { parseSavedWindow, placeWindow } from './window-bounds';

const DEFAULTS = { width: 1280, height: 820 };
const MINIMUM = { width: 720, height: 480 };
const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitorRight = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('parseSavedWindow', () => {
  it('reads a saved state and refuses anything else', () => {
    expect(parseSavedWindow('{"x":10,"y":20,"width":900,"height":600,"maximized":true}')).toEqual({ x: 10, y: 20, width: 900, height: 600, maximized: true });
    expect(parseSavedWindow('{"x":10,"y":20,"width":900,"height":600}')?.maximized).toBe(false);
    expect(parseSavedWindow(undefined)).toBeUndefined();
    expect(parseSavedWindow('not json')).toBeUndefined();
    expect(parseSavedWindow('{"x":10,"y":20,"width":-5,"height":600}')).toBeUndefined();
    expect(parseSavedWindow('{"x":"10","y":20,"width":900,"height":600}')).toBeUndefined();
  });
});

describe('placeWindow', () => {
  it('opens at the defaults with nothing saved', () => {
    expect(placeWindow(undefined, [laptop], DEFAULTS, MINIMUM)).toEqual({ ...DEFAULTS, maximized: false });
  });

  it('restores a place that is still on a display, on the second monitor too', () => {
    expect(placeWindow({ x: 100, y: 50, width: 1000, height: 700, maximized: false }, [laptop], DEFAULTS, MINIMUM)).toEqual({ x: 100, y: 50, width: 1000, height: 700, maximized: false });
    expect(placeWindow({ x: 2000, y: 100, width: 1600, height: 1000, maximized: true }, [laptop, monitorRight], DEFAULTS, MINIMUM)).toEqual({
      x: 2000,
      y: 100,
      width: 1600,
      height: 1000,
      maximized: true
    });
  });

  it('drops the position of a window left on a display that is gone, and shrinks it to the one there is', () => {
    expect(placeWindow({ x: 2000, y: 100, width: 2400, height: 1300, maximized: false }, [laptop], DEFAULTS, MINIMUM)).toEqual({ width: 1440, height: 875, maximized: false });
  });

  it('pulls a window hanging off its display back on, and never below the minimum size', () => {
    expect(placeWindow({ x: 1000, y: 600, width: 1000, height: 700, maximized: false }, [laptop], DEFAULTS, MINIMUM)).toEqual({ x: 440, y: 175, width: 1000, height: 700, maximized: false });
    const tiny = { x: 0, y: 0, width: 600, height: 400 };
    expect(placeWindow({ x: 0, y: 0, width: 1000, height: 700, maximized: false }, [tiny], DEFAULTS, MINIMUM)).toMatchObject({ width: 720, height: 480 });
  });
});

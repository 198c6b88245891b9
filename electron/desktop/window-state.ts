// Applies window-bounds.ts to the real window: where to open it (read before it is created) and saving where
// the user leaves it (debounced while moving or resizing, and once more when it closes). Only the shell
// (main.ts) imports `electron`: this file names the few members of its window and screen it uses.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../engine/config/atomic-write';
import { parseSavedWindow, placeWindow, type WindowPlacement } from './window-bounds';

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What of Electron's `screen` the placement reads. */
interface Displays {
  getPrimaryDisplay(): { id: number; workArea: Rectangle };
  getAllDisplays(): { id: number; workArea: Rectangle }[];
}

/** What of a `BrowserWindow` is saved and listened to. */
interface PlacedWindow {
  isDestroyed(): boolean;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  on(event: 'close' | 'resize' | 'move' | 'maximize' | 'unmaximize', listener: () => void): unknown;
}

/** Moves and resizes come in bursts; the file is written once the window has been still this long. */
const SAVE_AFTER_MS = 500;

export async function savedPlacement(file: string, screen: Displays, defaults: { width: number; height: number }, minimum: { width: number; height: number }): Promise<WindowPlacement> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  const primary = screen.getPrimaryDisplay();
  const workAreas = [primary, ...screen.getAllDisplays().filter(display => display.id !== primary.id)].map(display => display.workArea);
  return placeWindow(parseSavedWindow(text), workAreas, defaults, minimum);
}

export function rememberPlacement(window: PlacedWindow, file: string): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (window.isDestroyed()) return;
    // The bounds it returns to when un-maximized, so a maximized window reopens maximized over the right place.
    const state = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    writeFileAtomic(file, JSON.stringify(state)).catch(err => console.error('[shell] could not save the window placement:', err));
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_AFTER_MS);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', save);
}

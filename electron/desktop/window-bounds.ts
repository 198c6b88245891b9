// The main window's size and position across launches: saved to the data dir when the user moves or resizes it,
// and restored where they left it, unless that place is no longer on any display (a monitor was unplugged, the
// resolution changed), in which case the window keeps its size, shrunk to fit, and the OS centres it.
import * as z from 'zod';

const rectSchema = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export type Rect = z.infer<typeof rectSchema>;

const savedWindowSchema = rectSchema.extend({ maximized: z.boolean().default(false) });
export type SavedWindow = z.infer<typeof savedWindowSchema>;

/** The saved state, or undefined for a missing, unreadable or hand-broken file (the defaults apply). */
export function parseSavedWindow(text: string | undefined): SavedWindow | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = savedWindowSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** How much of the window's top edge must be on a display for it to count as reachable (its title bar). */
const GRAB = { width: 100, height: 40 };

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  };
}

export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/**
 * Where to open the window, given what was saved and the displays' work areas now (the first is the primary).
 * A saved place whose title bar is on some display is kept, its size shrunk to that display; otherwise only
 * the size is kept (shrunk to the primary display) and the position is left to the OS.
 */
export function placeWindow(saved: SavedWindow | undefined, workAreas: readonly Rect[], defaults: { width: number; height: number }, minimum: { width: number; height: number }): WindowPlacement {
  if (!saved || workAreas.length === 0) return { ...defaults, maximized: false };
  const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: GRAB.height };
  const home = workAreas.find(area => {
    const o = overlap(titleBar, area);
    return o.width >= Math.min(GRAB.width, saved.width) && o.height >= GRAB.height;
  });
  const fit = (area: Rect) => ({
    width: Math.max(minimum.width, Math.min(saved.width, area.width)),
    height: Math.max(minimum.height, Math.min(saved.height, area.height))
  });
  if (!home) return { ...fit(workAreas[0]), maximized: saved.maximized };
  const size = fit(home);
  // Pulled back so the whole window is on its display when it fits there.
  const x = Math.min(Math.max(saved.x, home.x), home.x + home.width - size.width);
  const y = Math.min(Math.max(saved.y, home.y), home.y + home.height - size.height);
  return { x, y, ...size, maximized: saved.maximized };
}

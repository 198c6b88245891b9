// Vite asset imports (CSS, ?url, ?raw) for the renderer typecheck.
/// <reference types="vite/client" />

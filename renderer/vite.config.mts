import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/renderer', import.meta.url));

// The renderer is served from file:// (Electron) and from a tokenised loopback URL (browser mode), so every
// asset path is relative. Vite emits module scripts as files, never inline, so `script-src 'self'` holds.
export default defineConfig({
  root: rendererRoot,
  base: './',
  plugins: [react()],
  build: {
    outDir,
    // Keep earlier hashed assets: a page loaded before a rebuild (tests running side by side) still finds its files.
    emptyOutDir: false,
    target: 'es2022',
    // Module preload polyfill is an inline script; Chromium does not need it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: true,
    // React and react-dom change only with upgrades: a chunk of their own stays cached across app releases.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] }
      }
    }
  }
});

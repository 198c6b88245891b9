// The preview views that carry big libraries (highlight.js, markdown-it, react-json-view-lite, papaparse)
// load on first use, in their own chunks, so the app's first paint does not wait for them. Chunks are
// same-origin files, which the `script-src 'self'` policy allows.
import { lazy } from 'react';
import { runWhenIdle } from '../../app/idle-queue';

const loadTextView = () => import('./TextView');
const loadMarkdownView = () => import('./MarkdownView');
const loadJsonView = () => import('./JsonView');
const loadCsvView = () => import('./CsvView');

export const TextView = lazy(() => loadTextView().then(m => ({ default: m.TextView })));
export const MarkdownView = lazy(() => loadMarkdownView().then(m => ({ default: m.MarkdownView })));
export const JsonView = lazy(() => loadJsonView().then(m => ({ default: m.JsonView })));
export const CsvView = lazy(() => loadCsvView().then(m => ({ default: m.CsvView })));

/**
 * Fetches and evaluates the view chunks while the page is idle, most used first, so the first resource opened
 * does not wait for its view's chunk (highlight.js alone is ~150 kB to fetch, parse and run) in the same burst
 * as its read and render. Returns a function that stops the preloading.
 */
export function preloadViews(): () => void {
  return runWhenIdle([loadTextView, loadJsonView, loadMarkdownView, loadCsvView]);
}

// The preview views that carry big libraries (highlight.js, markdown-it, react-json-view-lite, papaparse)
// load on first use, in their own chunks, so the app's first paint does not wait for them. Chunks are
// same-origin files, which the `script-src 'self'` policy allows.
import { lazy } from 'react';

export const TextView = lazy(() => import('./TextView').then(m => ({ default: m.TextView })));
export const MarkdownView = lazy(() => import('./MarkdownView').then(m => ({ default: m.MarkdownView })));
export const JsonView = lazy(() => import('./JsonView').then(m => ({ default: m.JsonView })));
export const CsvView = lazy(() => import('./CsvView').then(m => ({ default: m.CsvView })));

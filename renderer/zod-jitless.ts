// Imported first by the renderer entry, before any module builds a schema: zod decides whether to compile
// object parsers when a schema is built, probing `new Function('')`. The CSP forbids eval, so the probe fails
// (zod catches it), but the browser still reports a script-src violation on every start.
import { z } from 'zod';

z.config({ jitless: true });

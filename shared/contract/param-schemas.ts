// Schemas of values that method params carry and the rest of the code passes around too (a cache mode, an
// input answer, a log query, an import format). Each type is inferred from its schema, so what the engine
// accepts and what its callers are typed to send cannot drift apart.
import * as z from 'zod';

/** Longest server id: also the longest server name a config file may hold. */
export const MAX_SERVER_ID_LENGTH = 200;
export const serverIdSchema = z.string().min(1).max(MAX_SERVER_ID_LENGTH);

export const cacheModeSchema = z.enum(['use', 'refresh', 'bypass']);
export type CacheMode = z.infer<typeof cacheModeSchema>;

export const inputAnswerSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('accept'),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional()
  }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('cancel') })
]);
export type InputAnswer = z.infer<typeof inputAnswerSchema>;

/** Which way a frame went on the wire. */
const directionSchema = z.enum(['out', 'in']);
export type Direction = z.infer<typeof directionSchema>;

/** A log entry's direction: `cache` marks a result served from the cache (nothing went on the wire). */
export const logDirectionSchema = z.enum([...directionSchema.options, 'cache']);
export type LogDirection = z.infer<typeof logDirectionSchema>;

/** Most entries one `log.query` returns (an export asks for this many). */
export const MAX_LOG_QUERY_LIMIT = 100_000;

export const logQuerySchema = z.object({
  serverId: serverIdSchema.optional(),
  method: z.string().max(200).optional(),
  direction: logDirectionSchema.optional(),
  errorsOnly: z.boolean().optional(),
  text: z.string().max(1000).optional(),
  afterSeq: z.number().int().optional(),
  limit: z.number().int().positive().max(MAX_LOG_QUERY_LIMIT).optional()
});
export type LogQuery = z.infer<typeof logQuerySchema>;

/** Apps whose MCP config files can be imported. */
const importAppSchema = z.enum(['claude', 'cursor', 'vscode']);
export type ImportApp = z.infer<typeof importAppSchema>;

/** How `config.import` reads a file: as one app's format, or `auto` (whichever server map the file has). */
export const importFormatSchema = z.enum(['auto', ...importAppSchema.options]);
export type ImportFormat = z.infer<typeof importFormatSchema>;

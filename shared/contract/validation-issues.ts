// How a failed zod validation reads in an error message: one `<path>: <message>` per issue, the path's
// segments joined by dots. Every place that validates input words its issues this way.
import type * as z from 'zod';

/**
 * Where the paths start: `under` is a path every issue's path continues (a config file's `mcpServers.foo`),
 * `rootLabel` names the validated value itself, for an issue about it as a whole (its path is empty).
 */
export type IssuePaths = { under: string } | { rootLabel: string };

export function issueLines(error: z.ZodError, paths: IssuePaths): string[] {
  return error.issues.map(issue => {
    const segments = issue.path.map(String);
    const where = 'under' in paths ? [paths.under, ...segments].join('.') : segments.join('.') || paths.rootLabel;
    return `${where}: ${issue.message}`;
  });
}

/** Every issue on one line, for an error message. */
export function describeIssues(error: z.ZodError, rootLabel: string): string {
  return issueLines(error, { rootLabel }).join('; ');
}

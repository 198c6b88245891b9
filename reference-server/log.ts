// Logging for the reference server. Everything goes to stderr: over stdio, stdout carries JSON-RPC only,
// and the app shows a server's stderr to the user, so lines are short and say what happened.

export function log(message: string): void {
  process.stderr.write(`[reference-server] ${message}\n`);
}

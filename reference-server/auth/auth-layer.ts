// Sign-in (--auth) as one piece for the HTTP entry: the authorization server (provider.ts) and its consent page
// (consent.ts) on the MCP server's own origin, the resource's metadata and the token gate (protected-resource.ts).
// Built once the server listens, since the issuer and the resource identifier contain the port.
import { toNodeHandler } from '@modelcontextprotocol/node';
import { resourceUrlFromServerUrl, type AuthInfo } from '@modelcontextprotocol/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthOptions } from '../cli-args';
import { log } from '../log';
import { isLoopbackHost } from './client-store';
import { handleConsent } from './consent';
import { protectedResource } from './protected-resource';
import { createAuthorizationServer } from './provider';
import { CONSENT_PATH } from './vocabulary';

export interface AuthLayer {
  /** Serves every path but the MCP endpoint: resource metadata, consent page, authorization server (or its 404). */
  serve(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** The verified token of a request to the MCP endpoint, or the 401/403 answer to send instead. */
  authenticate(request: Request): Promise<AuthInfo | Response>;
}

export function createAuthLayer(options: AuthOptions, mcpUrl: string, host: string): AuthLayer {
  const resourceUrl = resourceUrlFromServerUrl(mcpUrl);
  const provider = createAuthorizationServer({
    issuer: resourceUrl.origin, resource: resourceUrl.href, options, loopbackClientDocuments: isLoopbackHost(host)
  });
  const resource = protectedResource(provider, resourceUrl);
  const authorizationServer = provider.callback();
  const onerror = (e: Error) => log(`auth: ${e.message}`);
  const metadata = toNodeHandler({
    fetch: async (request: Request) => resource.metadata(request) ?? new Response('Not found\n', { status: 404 })
  }, { onerror });
  const consent = { provider, options, resource: resourceUrl.href };
  log(`sign-in: issuer ${provider.issuer}, resource metadata ${resourceUrl.origin}${resource.metadataPath}, `
    + `${options.autoApprove ? `auto-approved as ${options.user}` : 'consent page'}, access tokens for ${options.tokenTtlSeconds} s`);
  return {
    serve(req, res, path) {
      if (path === resource.metadataPath) {
        void metadata(req, res);
      } else if (path.startsWith(CONSENT_PATH)) {
        handleConsent(consent, req, res).catch((e: unknown) => {
          onerror(e as Error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('The sign-in page failed; see the server log.\n');
        });
      } else {
        void authorizationServer(req, res);
      }
    },
    authenticate: request => resource.authenticate(request)
  };
}

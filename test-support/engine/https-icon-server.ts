// Test support: a real local HTTPS server for icon tests. Its certificate is self-signed, made at test
// time with the `openssl` CLI (valid for localhost and 127.0.0.1, one day) and never written to the repo;
// tests trust it through the fetcher's injectable `ca`. Routes are plain Node request handlers; every
// request's path and headers are recorded so tests can show what was (not) asked and sent.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface TestCertificate {
  cert: string;
  key: string;
}

/** A throwaway self-signed certificate for localhost / 127.0.0.1 (needs the openssl CLI). */
export async function makeTestCertificate(): Promise<TestCertificate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'icon-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', keyFile, '-out', certFile
    ]).catch((err: unknown) => {
      throw new Error(`The icon tests make a self-signed certificate with the openssl CLI, which failed: ${String(err)}`);
    });
    return { cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Route = (req: IncomingMessage, res: ServerResponse) => void;

interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface HttpsIconServer {
  /** e.g. https://127.0.0.1:41234 (the server listens on IPv4 loopback only) */
  origin: string;
  port: number;
  requests: SeenRequest[];
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

export async function startHttpsIconServer(certificate: TestCertificate): Promise<HttpsIconServer> {
  const routes = new Map<string, Route>();
  const requests: SeenRequest[] = [];
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    const url = req.url ?? '/';
    requests.push({ path: url, headers: req.headers });
    const handler = routes.get(url);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    requests,
    route: (p, handler) => routes.set(p, handler),
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}

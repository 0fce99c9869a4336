import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The club's reverse proxy in one function: HTTPS on loopback with a certificate made for the
 * run (openssl, self-signed for localhost), passing every request to the app over HTTP with the
 * public host and `X-Forwarded-Proto: https`, as the README's nginx does. The app then runs as in
 * production, behind TRUST_PROXY's default (loopback), with an https PUBLIC_URL a browser can
 * really reach (it must ignore the certificate's issuer).
 */
export async function startTlsProxy(targetPort: number, port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore
  const agent = new http.Agent({ keepAlive: true });
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: request.method,
        path: request.url,
        agent,
        headers: {
          ...request.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

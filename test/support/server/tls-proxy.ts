import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './tls-certificate';

/**
 * The club's reverse proxy in one function: HTTPS on loopback with a certificate made for the
 * run (openssl, self-signed for localhost), passing every request to the app over HTTP with the
 * public host and `X-Forwarded-Proto: https`, as the README's nginx does. The app then runs as in
 * production, behind TRUST_PROXY's default (loopback), with an https PUBLIC_URL a browser can
 * really reach (it must ignore the certificate's issuer).
 */
export async function startTlsProxy(targetPort: number, port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true });
  const server = https.createServer(selfSignedCertificate(), (request, response) => {
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
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

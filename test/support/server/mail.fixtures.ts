import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { selfSignedCertificate } from './tls-certificate';

export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The envelope's sender (MAIL FROM). */
  from: string;
  subject: string;
  /** The outbox row id the app puts in X-Club-Mail-Id. */
  mailId: number;
  text: string;
  html: string;
};

/**
 * A real SMTP server on loopback for the tests: it records every message it accepts, and can
 * be told to refuse recipients (as a full or broken mailbox does) or to hold a message open.
 * With `submission`, it is what a mail provider's port 587 is (RFC 8314): STARTTLS offered (a
 * self-signed certificate), and AUTH refused before it (smtp-server's default, as Postfix's
 * `smtpd_tls_auth_only`), with these credentials.
 */
export async function startSmtpServer(options: { submission?: { user: string; pass: string } } = {}) {
  const received: ReceivedMail[] = [];
  /** Every AUTH the server was sent, with whether the connection was encrypted by then. */
  const logins: { user: string; secure: boolean }[] = [];
  let refusal: { code: number; message: string } | null = null;
  let gate: Promise<void> | null = null;
  const { submission } = options;

  const server = new SMTPServer({
    secure: false,
    ...(submission
      ? {
          ...selfSignedCertificate(),
          authOptional: false,
          onAuth(auth, session, callback) {
            logins.push({ user: auth.username ?? '', secure: session.secure });
            if (auth.username === submission.user && auth.password === submission.pass) {
              return callback(null, { user: auth.username });
            }
            callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
          },
        }
      : { authOptional: true, disabledCommands: ['STARTTLS'] }),
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            ...parseMessage(Buffer.concat(chunks).toString('latin1')),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          });
          callback();
        };
        if (gate) void gate.then(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: net.Server }).server.address() as AddressInfo;

  return {
    url: submission ? `smtp://${submission.user}:${submission.pass}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    received,
    logins,
    /** Refuses every recipient with this SMTP reply until called with null. */
    refuse(code: number | null, message = 'Mailbox unavailable') {
      refusal = code === null ? null : { code, message };
    },
    /** Holds every message before answering it, until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** An SMTP address where nothing listens: connections are refused. */
export async function closedSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------
// Just enough MIME to read what nodemailer writes: folded headers, encoded words, a
// multipart/alternative body, quoted-printable or base64 parts.

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

const bytesToUtf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
const hexBytes = (text: string) =>
  text.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function decodeWords(value: string): string {
  return bytesToUtf8(
    value
      .replace(/(\?=)\s+(=\?)/g, '$1$2')
      .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('latin1')
          : hexBytes(text.replace(/_/g, ' ')),
      ),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return bytesToUtf8(hexBytes(body.replace(/=\r?\n/g, '')));
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return bytesToUtf8(body);
  }
}

function parseMessage(raw: string): Omit<ReceivedMail, 'to' | 'from'> {
  const { headers, body } = splitHead(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitHead(section.replace(/^\r?\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? 'text/plain',
        content: decodeBody(part.body.replace(/\r?\n$/, ''), part.headers.get('content-transfer-encoding')),
      });
    }
  } else {
    parts.push({
      type: headers.get('content-type') ?? 'text/plain',
      content: decodeBody(body, headers.get('content-transfer-encoding')),
    });
  }
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    mailId: Number(headers.get('x-club-mail-id')),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.content.replace(/\r\n/g, '\n') ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.content.replace(/\r\n/g, '\n') ?? '',
  };
}

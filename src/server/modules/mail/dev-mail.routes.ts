import type { FastifyInstance } from 'fastify';
import type { MailOutboxRow } from '../../db/schema';
import { markup } from './html';
import type { MailOutbox } from '../../deps';

const SHOWN = 100;

/** Styles in a file of their own: the app's Content-Security-Policy allows no inline style. */
const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f6f8;color:#1b232b;line-height:1.5}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem}
h1{margin:0 0 .5rem}
article{background:#fff;border:1px solid #c9d3dc;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:0 0 .75rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#eef3f6;padding:.75rem;border-radius:6px;margin:0;font-size:.9rem}
.status-failed{color:#a30000;font-weight:600}`;

function statusOf(mail: MailOutboxRow): string {
  const parts: string[] = [mail.status];
  if (mail.attempts) parts.push(`${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}`);
  if (mail.sent_at) parts.push(`sent ${mail.sent_at}`);
  if (mail.last_error) parts.push(`last error: ${mail.last_error}`);
  return parts.join(', ');
}

function page(mails: MailOutboxRow[], delivering: boolean): string {
  const items = mails.map(
    (mail) => markup`<article aria-labelledby="mail-${mail.id}">
<h2 id="mail-${mail.id}">${mail.subject}</h2>
<dl>
<dt>To</dt><dd>${mail.to_address}</dd>
<dt>Written</dt><dd><time datetime="${mail.created_at}">${mail.created_at.replace('T', ' ').slice(0, 19)} UTC</time></dd>
<dt>Kind</dt><dd>${mail.kind}</dd>
<dt>Status</dt><dd class="status-${mail.status}">${statusOf(mail)}</dd>
</dl>
<pre>${mail.text_body}</pre>
</article>
`,
  );
  const delivery = delivering
    ? 'SMTP_URL is set: pending mails are sent through it.'
    : 'SMTP_URL is not set: nothing is sent, the mails stay here.';
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail outbox (development)</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dev/mail/style.css">
</head>
<body>
<main>
<h1>Mail outbox</h1>
<p>Development only: the notification emails the app wrote, newest first (the latest ${SHOWN}). ${delivery}</p>
${mails.length ? items : markup`<p>No mail yet. Submit an application, review one or validate a challenge to see one here.</p>`}
</main>
</body>
</html>
`.value;
}

/** `/dev/mail`: what the app would have emailed, for development (never in production). */
export function registerDevMailRoutes(app: FastifyInstance, mail: Pick<MailOutbox, 'delivering' | 'recent'>): void {
  app.get('/dev/mail/style.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(STYLE));

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await mail.recent(SHOWN);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(mails, mail.delivering));
  });
}

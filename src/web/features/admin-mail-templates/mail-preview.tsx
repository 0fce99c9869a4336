import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Locale } from '../../../contract/locales';
import type { MailTemplateInput } from '../../../contract/mail-templates';
import { errorMessage } from '../../lib/api-client';
import { useMailPreview } from './api';

/** How long the typing must pause before the preview asks the server again. */
export const PREVIEW_DELAY_MS = 400;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The mail's HTML made ready for the frame, parsed by DOMParser, which runs and fetches nothing.
 * Each element's `style` becomes `data-style`: the frame inherits the app's
 * Content-Security-Policy, which refuses inline style attributes (and reports each one), so the
 * styles are put back one property at a time through the CSSOM once the frame has loaded
 * (decision 0120). Each link keeps its look and shows its address on hover, but cannot be
 * followed: it would open the app inside the frame, which the app refuses.
 */
function framed(html: string): string {
  // Renamed before parsing: DOMParser's document has the app's policy too. Only an attribute can
  // hold ` style="`: in text and in other attributes' values the server escapes every quote.
  const doc = new DOMParser().parseFromString(
    // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not text
    html.replace(/(<[a-z][a-z0-9]*[^<>]*\s)style="/g, '$1data-style="'),
    'text/html',
  );
  for (const link of doc.querySelectorAll('a[href]')) {
    link.setAttribute('title', link.getAttribute('href') ?? '');
    link.removeAttribute('href');
  }
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not text
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}

/** `color:#fff;margin:0 0 16px` → its declarations, for `style.setProperty`. */
function declarations(style: string): [string, string][] {
  return style
    .split(';')
    .map((declaration) => declaration.split(':'))
    .filter((parts) => parts.length > 1)
    .map(([name = '', ...value]) => [name.trim(), value.join(':').trim()]);
}

/**
 * The HTML part as the candidate's mail program shows it, in a frame of its own: no script can
 * run there (no `allow-scripts`); `allow-same-origin` lets this page restyle it and size it.
 */
function HtmlPart({ html }: { html: string }) {
  const { t } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const srcDoc = useMemo(() => framed(html), [html]);
  /** As tall as the mail, so that it reads with the page's scroll; again whenever its width changes. */
  const fit = () => {
    const body = frame.current?.contentDocument?.body;
    if (frame.current && body) frame.current.style.height = `${Math.ceil(body.getBoundingClientRect().height)}px`;
  };
  useEffect(() => {
    if (!frame.current) return;
    const observer = new ResizeObserver(fit);
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, []);
  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    for (const element of doc.querySelectorAll<HTMLElement>('[data-style]')) {
      for (const [name, value] of declarations(element.dataset.style ?? '')) element.style.setProperty(name, value);
    }
    fit();
  };
  return (
    <iframe
      ref={frame}
      className="mail-frame"
      title={t`The email as HTML`}
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      onLoad={onLoad}
    />
  );
}

/**
 * The live preview of the editor: the wording being typed, rendered by the server for a sample
 * candidate reading `locale` once the typing pauses, subject, HTML part and text part, as they
 * would be sent.
 */
export function MailPreview({
  templateKey,
  locale,
  input,
}: {
  templateKey: string;
  locale: Locale;
  input: MailTemplateInput;
}) {
  const { t } = useLingui();
  const settled = useSettled(input, PREVIEW_DELAY_MS);
  const complete = settled.subject.trim() !== '' && settled.body.trim() !== '';
  const preview = useMailPreview(templateKey, locale, complete ? settled : null);
  const mail = preview.data;
  const problem = preview.isError ? errorMessage(preview.error, t`the server could not render it.`) : '';

  return (
    <section className="mail-preview card stack" aria-labelledby="mail-preview-title" aria-busy={preview.isFetching}>
      <h3 id="mail-preview-title">
        <Trans>Preview</Trans>
      </h3>
      <p className="muted">
        <Trans>As a sample candidate, Amina, would receive it. Nothing is saved until you save.</Trans>
      </p>
      {!complete ? (
        <p className="preview-waiting">
          <Trans>The preview needs a subject and a message.</Trans>
        </p>
      ) : preview.isError ? (
        <p className="preview-waiting" role="status">
          {t`The preview waits for a fix: ${problem}`}
        </p>
      ) : null}
      {mail && (
        <>
          <dl className="detail-grid">
            <dt>
              <Trans>Subject</Trans>
            </dt>
            <dd className="preview-subject" lang={locale} dir="auto">
              {mail.subject}
            </dd>
          </dl>
          <h4>
            <Trans>HTML part</Trans>
          </h4>
          <HtmlPart html={mail.html} />
          <h4>
            <Trans>Text part</Trans>
          </h4>
          <pre className="preview-text" lang={locale} dir="auto">
            {mail.text}
          </pre>
        </>
      )}
    </section>
  );
}

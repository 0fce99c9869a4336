import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path: a 1×1 square per module, the quiet zone around. */
export function qrPath(modules: boolean[][], margin: number): string {
  return (
    modules
      // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data, not text
      .flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x + margin} ${y + margin}h1v1h-1z`] : [])))
      .join('')
  );
}

const MARGIN = 4;

/**
 * The registration's check-in code, to show at the door (spec §14): as a QR code and as text. The
 * encoder (uqr) loads with this component only, never in the first bundle (decision 0170).
 */
export function CheckInQr({ code, eventName }: { code: string; eventName: string }) {
  const { t } = useLingui();
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      if (live) setModules(encode(code, { ecc: 'M', border: 0 }).data);
    });
    return () => {
      live = false;
    };
  }, [code]);
  const size = (modules?.length ?? 0) + 2 * MARGIN;
  return (
    <figure className="check-in-qr">
      {modules ? (
        <svg
          viewBox={`0 0 ${size} ${size}`}
          role="img"
          aria-label={t`QR code of your check-in code for ${eventName}`}
          shapeRendering="crispEdges"
        >
          <rect width={size} height={size} fill="#fff" />
          <path d={qrPath(modules, MARGIN)} fill="#000" />
        </svg>
      ) : (
        <div className="check-in-qr-placeholder" aria-hidden="true" />
      )}
      <figcaption>
        <Trans>Show this code at the door:</Trans>{' '}
        <code dir="ltr" className="check-in-code">
          {code}
        </code>
      </figcaption>
    </figure>
  );
}

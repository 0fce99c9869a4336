import { useId } from 'react';

export type BarDatum = { label: string; value: number; tone?: 'brand' | 'success' | 'danger' };

/** The numbers behind a chart, one disclosure away, for those who cannot or would rather not read the bars. */
function NumbersTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: BarDatum[] }) {
  return (
    <details className="chart-numbers">
      <summary>Show the numbers</summary>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col" className="numeric">
                {head[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className="numeric">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

const ROW_HEIGHT = 44;
const pct = (value: number) => `${Math.round(value * 100) / 100}%`;

/**
 * Horizontal bars, one labelled row each, scaled to the largest value. Widths are percentages of
 * the SVG's own width and there is no viewBox, so the text keeps its size on a phone and a desktop.
 */
export function HorizontalBars({
  title,
  summary,
  bars,
  head,
}: {
  title: string;
  summary: string;
  bars: BarDatum[];
  head: [string, string];
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <div className="chart">
      <svg className="chart-svg" width="100%" height={bars.length * ROW_HEIGHT} role="img" aria-label={summary}>
        <title>{summary}</title>
        {bars.map((bar, i) => {
          const top = i * ROW_HEIGHT;
          return (
            <g key={bar.label}>
              <text className="chart-label" x={0} y={top + 16}>
                {bar.label}
              </text>
              <text className="chart-value" x="100%" y={top + 16} textAnchor="end">
                {bar.value}
              </text>
              <rect className="chart-track" x={0.5} y={top + 23.5} width="99.5%" height={12} rx={4} />
              {bar.value > 0 && (
                <rect
                  className={`chart-bar chart-bar-${bar.tone ?? 'brand'}`}
                  x={0}
                  y={top + 23}
                  width={pct(Math.max(1, (100 * bar.value) / max))}
                  height={13}
                  rx={4}
                />
              )}
            </g>
          );
        })}
      </svg>
      <NumbersTable caption={title} head={head} rows={bars} />
    </div>
  );
}

const COLUMNS_HEIGHT = 200;
const TOP = 20;
const BOTTOM = 26;

/** Vertical columns over time, oldest left; every other column is labelled, the last always. */
export function Columns({
  title,
  summary,
  columns,
  head,
  lastIsPartial,
}: {
  title: string;
  summary: string;
  columns: BarDatum[];
  head: [string, string];
  lastIsPartial?: boolean;
}) {
  const patternId = `hatch${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const max = Math.max(1, ...columns.map((column) => column.value));
  const slot = 100 / Math.max(1, columns.length);
  const plot = COLUMNS_HEIGHT - TOP - BOTTOM;
  const baseline = COLUMNS_HEIGHT - BOTTOM;
  return (
    <div className="chart">
      <svg className="chart-svg" width="100%" height={COLUMNS_HEIGHT} role="img" aria-label={summary}>
        <title>{summary}</title>
        <defs>
          <pattern id={patternId} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect className="chart-bar chart-bar-brand" width={6} height={6} />
            <line className="chart-hatch" x1={0} y1={0} x2={0} y2={6} strokeWidth={3} />
          </pattern>
        </defs>
        <line className="chart-axis" x1={0} x2="100%" y1={baseline + 0.5} y2={baseline + 0.5} />
        {columns.map((column, i) => {
          const height = (plot * column.value) / max;
          const centre = pct(i * slot + slot / 2);
          const partial = lastIsPartial && i === columns.length - 1;
          const labelled = (columns.length - 1 - i) % 2 === 0;
          return (
            <g key={column.label}>
              {column.value > 0 && (
                <>
                  <rect
                    className={partial ? 'chart-bar-partial' : 'chart-bar chart-bar-brand'}
                    fill={partial ? `url(#${patternId})` : undefined}
                    x={pct(i * slot + slot * 0.15)}
                    y={baseline - height}
                    width={pct(slot * 0.7)}
                    height={height}
                    rx={3}
                  />
                  <text className="chart-count" x={centre} y={baseline - height - 5} textAnchor="middle">
                    {column.value}
                  </text>
                </>
              )}
              {labelled && (
                <text className="chart-tick" x={centre} y={COLUMNS_HEIGHT - 7} textAnchor="middle">
                  {column.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <NumbersTable caption={title} head={head} rows={columns} />
    </div>
  );
}

import { Trans } from '@lingui/react/macro';

export type BarDatum = { label: string; value: number; tone?: 'brand' | 'success' | 'danger' };

/** The numbers behind a chart, one disclosure away, for those who cannot or would rather not read the bars. */
function NumbersTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: BarDatum[] }) {
  return (
    <details className="chart-numbers">
      <summary>
        <Trans>Show the numbers</Trans>
      </summary>
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

const pct = (value: number) => `${Math.round(value * 100) / 100}%`;

/*
 * The charts are drawn with HTML boxes, not SVG: contrast checkers cannot see what lies behind
 * SVG text (axe leaves it "to review", which Pa11y counts as an error), while text in a box on
 * the card is measured like any other (docs/decisions/0124-pa11y-in-npm-test.md). The picture is
 * one image to assistive technology (role="img" and its summary); the numbers are in the table.
 */

/** Horizontal bars, one labelled row each, scaled to the largest value. */
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
      <div className="chart-rows" role="img" aria-label={summary}>
        {bars.map((bar) => (
          <div className="chart-row" key={bar.label}>
            <span className="chart-label">{bar.label}</span>
            <span className="chart-value">{bar.value}</span>
            <span className="chart-track">
              {bar.value > 0 && (
                <span
                  className={`chart-bar chart-bar-${bar.tone ?? 'brand'}`}
                  style={{ width: pct(Math.max(1, (100 * bar.value) / max)) }}
                />
              )}
            </span>
          </div>
        ))}
      </div>
      <NumbersTable caption={title} head={head} rows={bars} />
    </div>
  );
}

/** The columns' height at the largest value, in px; their count sits above them, in the plot's top padding. */
const PLOT_HEIGHT = 154;

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
  const max = Math.max(1, ...columns.map((column) => column.value));
  return (
    <div className="chart">
      <div className="chart-columns" role="img" aria-label={summary}>
        {columns.map((column, i) => {
          const partial = lastIsPartial && i === columns.length - 1;
          const labelled = (columns.length - 1 - i) % 2 === 0;
          return (
            <div className="chart-column" key={column.label}>
              <span className="chart-plot">
                {column.value > 0 && (
                  <>
                    <span className="chart-count">{column.value}</span>
                    <span
                      className={`chart-bar chart-bar-brand${partial ? ' chart-bar-partial' : ''}`}
                      style={{ height: `${Math.round((PLOT_HEIGHT * column.value) / max)}px` }}
                    />
                  </>
                )}
              </span>
              <span className="chart-tick">{labelled ? column.label : ''}</span>
            </div>
          );
        })}
      </div>
      <NumbersTable caption={title} head={head} rows={columns} />
    </div>
  );
}

import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { CsvSeparator } from '../contract/common';

const DELIMITERS: Record<CsvSeparator, string> = { comma: ',', semicolon: ';' };

/**
 * What makes a spreadsheet run a cell as a formula (OWASP "CSV injection"): a leading `=`, `+`,
 * `-`, `@`, tab or carriage return, or the full-width forms that some applications fold into them.
 */
const FORMULA_START = '=+\\-@\\t\\uFF1D\\uFF0B\\uFF0D\\uFF20';

/**
 * What a spreadsheet may take for the start of a cell or a line inside our text, where it splits
 * when it reads the file with other settings than the ones it was written with, quotes or not:
 * the separators spreadsheets split a CSV on (`,`; `;` in a French locale; tab, which Excel's
 * text import splits on unless told otherwise) and every line break (CR, LF, and the vertical tab, form feed,
 * NEL and Unicode line and paragraph separators that some readers break lines at). Not a space:
 * splitting on it is an option nobody leaves on, and defusing after every space would mark
 * ordinary sentences ("robots - and more").
 */
const CELL_BREAK = ',;\\t\\n\\r\\v\\f\\u0085\\u2028\\u2029';

/**
 * Where a formula could start: the very start of the text, or right after a cell or line break.
 * Spaces and quotes before the formula character do not make it safe. A carriage return counts
 * as a formula start at the very start only: after a break it is the end of a line.
 */
const CELL_START_BEFORE_FORMULA = new RegExp(
  `^(?=[ "]*[${FORMULA_START}\\r])|[${CELL_BREAK}](?=[ "]*[${FORMULA_START}])`,
  'g',
);

/** Prefixes `'` wherever a formula could start, so that a spreadsheet shows the text instead (decision 0115). */
export const defuseFormulas = (text: string): string =>
  text.replace(CELL_START_BEFORE_FORMULA, (cellStart) => `${cellStart}'`);

/**
 * A CSV file as a stream, written by csv-stringify (decision 0115): UTF-8 with a byte-order mark
 * (so spreadsheets read accents and Arabic names), CRLF records (RFC 4180), every cell quoted
 * (empty ones too), formulas defused. `pages` yields the rows a page at a time, as read from
 * the database; nothing waits for the whole file.
 */
export function csvStream(
  header: readonly string[],
  pages: AsyncIterable<readonly unknown[][]>,
  separator: CsvSeparator = 'comma',
): Readable {
  const writer = stringify({
    bom: true,
    delimiter: DELIMITERS[separator],
    record_delimiter: 'windows',
    quoted: true,
    quoted_empty: true,
    // The library's own guard, for values that reach it as something other than text.
    escape_formulas: true,
    cast: { string: defuseFormulas, boolean: (value) => String(value), date: (value) => value.toISOString() },
  });
  async function* records() {
    yield header;
    for await (const page of pages) yield* page;
  }
  const source = Readable.from(records());
  // A failed read ends the download with an error instead of a file that looks complete.
  source.on('error', (error) => writer.destroy(error));
  return source.pipe(writer);
}

/** Sends a CSV stream as a download named `<name>-<day>.csv`, never cached (it holds personal data). */
export function sendCsv(reply: FastifyReply, name: string, body: Readable, at: Date) {
  const day = at.toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * One CSV cell, RFC 4180 quoted and spreadsheet-safe: a cell a spreadsheet would run as a
 * formula (= + - @, tab, carriage return) is prefixed with a single quote.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

import { parse } from 'csv-parse/sync';

/** Parses a CSV back with a real parser (csv-parse); answers its records and the cells that were not quoted. */
export function parseCsv(csv: string | Buffer, delimiter: ',' | ';') {
  const unquoted: string[] = [];
  const records = parse(csv, {
    bom: true,
    delimiter,
    cast: (value, context) => {
      if (!context.quoting) unquoted.push(value);
      return value;
    },
  }) as string[][];
  return { records, unquoted };
}

import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, defuseFormulas } from './csv-writer';
import { parseCsv } from '#test/server/parse-csv';

const ATTACK = "I like robots;=cmd|' /C calc'!A0;";

/** What a spreadsheet reading the file with the other separator may take for cells: every piece between separators and line breaks. */
const naivePieces = (csv: string) => csv.split(/[,;\r\n]/).map((piece) => piece.replace(/^[\s"]+/, ''));
const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

describe('defusing formulas', () => {
  it("prefixes ' to a cell starting with =, +, -, @, tab, carriage return or their full-width forms", () => {
    for (const cell of ['=1+2', '+33 6', '-5', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1', '\uFF20cmd']) {
      expect(defuseFormulas(cell)).toBe(`'${cell}`);
    }
  });

  it('defuses a formula after a comma, a semicolon or a line break, where another separator would start a cell', () => {
    expect(defuseFormulas(ATTACK)).toBe("I like robots;'=cmd|' /C calc'!A0;");
    expect(defuseFormulas('a, "=b')).toBe(`a,' "=b`);
    expect(defuseFormulas('Skills:\n- soldering\r\n@home')).toBe("Skills:\n'- soldering\r\n'@home");
    expect(defuseFormulas('a;\r\nb,\t=c')).toBe("a;\r\nb,'\t=c");
  });

  it('leaves text without a formula as it is', () => {
    for (const cell of ['', 'plain, text; fine', 'e-mail me', 'A+ student', '1337', 'x=1']) {
      expect(defuseFormulas(cell)).toBe(cell);
    }
  });
});

describe('the CSV writer', () => {
  const header = ['id', 'name', 'motivation', 'missing', 'admin'];
  const rows = [
    [1, 'Zineb Aït-Ḥassan', ATTACK, null, true],
    [2, 'زينب', '=HYPERLINK("http://evil","click"), and "quotes"\nnew line', undefined, false],
  ];
  async function* pages() {
    yield rows.slice(0, 1);
    yield rows.slice(1);
  }

  it.each([
    ['comma', ','],
    ['semicolon', ';'],
  ] as const)(
    'writes UTF-8 with a BOM, every cell quoted and formulas defused, read back by csv-parse (%s)',
    async (separator, delimiter) => {
      const bytes = await buffer(csvStream(header, pages(), separator));
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.toString('utf8');
      expect(csv.endsWith('"\r\n')).toBe(true);
      const { records, unquoted } = parseCsv(csv, delimiter);
      expect(unquoted).toEqual([]);
      expect(records).toEqual([
        header,
        ['1', 'Zineb Aït-Ḥassan', "I like robots;'=cmd|' /C calc'!A0;", '', 'true'],
        ['2', 'زينب', `'=HYPERLINK("http://evil","click"), and "quotes"\nnew line`, '', 'false'],
      ]);
      // Read with the other separator, or split naively, no piece of the file starts a formula.
      expect(naivePieces(csv).filter((piece) => FORMULA.test(piece))).toEqual([]);
    },
  );
});

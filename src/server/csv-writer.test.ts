import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, defuseFormulas } from './csv-writer';
import { parseCsv } from '#test/server/parse-csv';

const ATTACK = "I like robots;=cmd|' /C calc'!A0;";
const TAB_ATTACK = 'ok text\t=HYPERLINK("https://evil.test","x")';

/** What a spreadsheet reading the file with another separator may take for cells: every piece between separators (tab too) and line breaks. */
const naivePieces = (csv: string) =>
  csv.split(/[,;\t\n\r\v\f\u0085\u2028\u2029]/).map((piece) => piece.replace(/^[\s"]+/, ''));
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
    expect(defuseFormulas('a;\r\nb,\t=c')).toBe("a;\r\nb,'\t'=c");
  });

  it('defuses a formula after a tab, where a spreadsheet splitting on tabs starts a cell, and after every other line break', () => {
    expect(defuseFormulas('ok text\t=HYPERLINK("https://evil.test","x")')).toBe(
      `ok text\t'=HYPERLINK("https://evil.test","x")`,
    );
    expect(defuseFormulas('a\t "+1')).toBe(`a\t' "+1`);
    expect(defuseFormulas('a\t\t=b')).toBe("a\t'\t'=b");
    for (const lineBreak of ['\v', '\f', '\u0085', '\u2028', '\u2029']) {
      expect(defuseFormulas(`a${lineBreak}@b`)).toBe(`a${lineBreak}'@b`);
    }
  });

  it('leaves text without a formula as it is', () => {
    for (const cell of [
      '',
      'plain, text; fine',
      'e-mail me',
      'A+ student',
      '1337',
      'x=1',
      'tab\tseparated',
      'robots - and more',
    ]) {
      expect(defuseFormulas(cell)).toBe(cell);
    }
  });
});

describe('the CSV writer', () => {
  const header = ['id', 'name', 'motivation', 'missing', 'admin'];
  const rows = [
    [1, 'Zineb Aït-Ḥassan', ATTACK, null, true],
    [2, 'زينب', '=HYPERLINK("http://evil","click"), and "quotes"\nnew line', undefined, false],
    [3, 'Omar', TAB_ATTACK, '', false],
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
        ['3', 'Omar', `ok text\t'=HYPERLINK("https://evil.test","x")`, '', 'false'],
      ]);
      // Read with another separator (tab too), or split naively, no piece of the file starts a formula.
      expect(naivePieces(csv).filter((piece) => FORMULA.test(piece))).toEqual([]);
    },
  );
});

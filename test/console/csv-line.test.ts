/** The console's CSV export (ui/src/lib/csv-line.ts): cells a spreadsheet would run as formulas are defused. */
import { expect, test } from 'bun:test';
import { csvLine } from '../../ui/src/lib/csv-line';

test('cells starting with =, +, -, @, a tab or a carriage return get a leading quote', () => {
  expect(csvLine(['=HYPERLINK("http://x")', '+1+cmd|', '-2+3', '@SUM(A1)', '\t=1', '\r=1', 'plain'])).toBe(
    `"'=HYPERLINK(""http://x"")",'+1+cmd|,'-2+3,'@SUM(A1),'\t=1,"'\r=1",plain\r\n`,
  );
});

test('plain numbers, empty cells and inner signs are kept as they are; separators are quoted', () => {
  expect(csvLine([-12, '-3.5', '+7', 0, null, undefined, 'a=b', 'x,y', 'say "hi"'])).toBe(`-12,-3.5,+7,0,,,a=b,"x,y","say ""hi"""\r\n`);
});

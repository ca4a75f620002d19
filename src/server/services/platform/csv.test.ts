import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  CSV_BOM,
  type CsvCell,
  csvCell,
  csvFile,
  csvNumber,
  csvRows,
  csvTaka,
  neutraliseText,
  restoreText,
} from "./csv";

describe("the CSV cell writer", () => {
  it.each<[string, CsvCell, string]>([
    ["a formula", '=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ["a plus", "+1+2", `"'+1+2"`],
    ["a minus", "-2+3", `"'-2+3"`],
    ["an at sign", "@SUM(A1)", `"'@SUM(A1)"`],
    ["a leading tab", "\t=1", `"'\t=1"`],
    ["a leading carriage return", "\r=1", `"'\r=1"`],
    ["text that only looks like a negative number", "-5", `"'-5"`],
    ["plain text", "Physics First Paper", "Physics First Paper"],
    ["Bangla", "পদার্থবিজ্ঞান", "পদার্থবিজ্ঞান"],
    ["a formula character later on", "A=B", "A=B"],
    ["a comma", "Dhaka, Mirpur", `"Dhaka, Mirpur"`],
    ["a quote", 'The "best" book', `"The ""best"" book"`],
    ["a line break", "one\ntwo", `"one\ntwo"`],
    ["an empty string", "", ""],
    ["null", null, ""],
    ["undefined", undefined, ""],
    ["a count", 12, "12"],
    ["a negative count", -3, "-3"],
    ["an amount", csvNumber("-250.00"), "-250.00"],
    ["taka from poisha", csvTaka(-25_050), "-250.50"],
    ["taka of nothing", csvTaka(null), ""],
  ])("writes %s", (_what, cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it("refuses a number cell that is not a number", () => {
    expect(() => csvNumber("=1")).toThrow();
    expect(() => csvNumber("1e3")).toThrow();
    expect(() => csvCell(Number.NaN)).toThrow();
  });

  it("reads back as the text a spreadsheet shows, and the import restores what was typed", () => {
    const title = '=HYPERLINK("http://evil","x")';
    const file = csvFile(["Title", "Net (taka)"], [[title, csvTaka(-1_000)]]);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    const [, row] = parse(file, { bom: true }) as string[][];
    expect(row).toEqual([`'${title}`, "-10.00"]);
    expect(restoreText(row![0]!)).toBe(title);
  });

  it("ends every record in CRLF", () => {
    expect(
      csvRows([
        ["a", 1],
        ["b", 2],
      ]),
    ).toBe("a,1\r\nb,2\r\n");
  });

  it("neutralises and restores the same characters", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutraliseText(`${start}x`)).toBe(`'${start}x`);
      expect(restoreText(neutraliseText(`${start}x`))).toBe(`${start}x`);
    }
    expect(restoreText("'plain")).toBe("'plain");
  });
});

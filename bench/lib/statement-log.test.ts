import { describe, expect, it } from "vitest";
import { parseParameters, parseStatements } from "./statement-log";

describe("reading the shop's statements from PostgreSQL's log", () => {
  it("reads parameters, quoted, with quotes inside, commas inside and NULL", () => {
    expect(parseParameters("$1 = '42', $2 = NULL, $3 = 'it''s, here', $4 = ''")).toEqual([
      "42",
      null,
      "it's, here",
      "",
    ]);
  });

  it("reads named, unnamed and simple statements with their parameters, over several lines", () => {
    const log = [
      "@@101@@ LOG:  statement: begin",
      "@@101@@ LOG:  execute s_ab12: select *",
      "\tfrom products",
      "\twhere id = $1",
      "@@202@@ LOG:  execute <unnamed>: select $1::int",
      "@@101@@ DETAIL:  parameters: $1 = '7'",
      "@@202@@ DETAIL:  parameters: $1 = '8'",
      "@@101@@ LOG:  statement: commit",
      "",
    ].join("\n");
    expect(parseStatements(log)).toEqual([
      { pid: 101, name: null, text: "begin", params: [] },
      { pid: 101, name: "s_ab12", text: "select *\n\tfrom products\n\twhere id = $1", params: ["7"] },
      { pid: 202, name: null, text: "select $1::int", params: ["8"] },
      { pid: 101, name: null, text: "commit", params: [] },
    ]);
  });

  it("fails on a statement PostgreSQL refused", () => {
    expect(() => parseStatements('@@5@@ ERROR:  relation "nope" does not exist\n')).toThrow(/refused/);
  });
});

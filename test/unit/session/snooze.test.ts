import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { describeSnooze, parseHours, readSnooze, snoozeValue } from "../../../src/session/snooze.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

describe("snooze values", () => {
  const now = 1_000_000;
  const rows: Array<[string, boolean, number | null]> = [
    ["", false, null], ["0", false, null], ["1", true, null], [String(now + 5000), true, now + 5000], [String(now - 1), false, null], ["junk", false, null],
  ];
  for (const [value, snoozed, until] of rows) it(`"${value}" → ${snoozed}`, () => assert.deepEqual(readSnooze(value, now), { snoozed, until }));
  it("hours: blank or 0 is until undone, a number is a time", () => {
    assert.equal(parseHours(undefined), null);
    assert.equal(parseHours(" "), null);
    assert.equal(parseHours("0"), null);
    assert.equal(parseHours("1.5"), 1.5);
    assert.equal(snoozeValue(null, now), "1");
    assert.equal(snoozeValue(2, now), String(now + 7_200_000));
    throwsLine(() => parseHours("soon"), /"soon" is not a number of hours \(give hours as a number/);
    throwsLine(() => parseHours("-2"), /is not a number of hours/);
  });
  const words: Array<[number | null, string]> = [[null, "until undone"], [2, "for 2h"], [0.5, "for 30m"], [1.25, "for 1h15m"], [1.5, "for 1h30m"], [0.005, "for 18s"], [0.0001, "for 1s"], [0.05, "for 3m"], [0.04, "for 2m24s"]];
  for (const [hours, text] of words) it(`${hours} → ${text}`, () => assert.equal(describeSnooze(hours), text));
});

describe("notification bytes and snoozes", () => {
  const now = 1_000_000;
  const rows: Array<[string, boolean]> = [["", false], ["0", false], ["1", true], [String(now + 5), true], [String(now - 5), false]];
  for (const [value, expected] of rows) it(`snoozed "${value}" → ${expected}`, () => assert.equal(readSnooze(value, now).snoozed, expected));
});

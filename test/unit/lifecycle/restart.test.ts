import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { accountToOffer, restartAccount } from "../../../src/lifecycle/restart.ts";

describe("restart: the account to restart under", () => {
  const pools = [{ name: "work", members: ["a", "b"] }];
  const rows: Array<[string, string, string | undefined, string | undefined, string | undefined]> = [
    ["--account wins", "a", "c", "work", "c"],
    ["no account stays without one", "", undefined, "work", undefined],
    ["a member of the selected pool is rerouted within it", "a", undefined, "work", "work"],
    ["a member of a pool that is not selected keeps its account", "a", undefined, "other", "a"],
    ["an account outside pools keeps it", "solo", undefined, "work", "solo"],
  ];
  for (const [name, session, explicit, selected, expected] of rows) {
    it(name, () => assert.equal(restartAccount(session, explicit, pools, selected), expected));
  }
});

describe("restart: the selected account it offers instead", () => {
  const pools = [{ name: "work", members: ["a", "b"] }];
  const rows: Array<[string, string, string | undefined, string | undefined, string | undefined]> = [
    ["another account selected: offered", "solo", undefined, "other", "other"],
    ["the session's own account selected: nothing", "solo", undefined, "solo", undefined],
    ["its pool selected: rerouted without asking", "a", undefined, "work", undefined],
    ["a pool it is not in: offered", "solo", undefined, "work", "work"],
    ["--account given: nothing", "solo", "x", "other", undefined],
    ["a session without an account: nothing", "", undefined, "other", undefined],
    ["nothing selected: nothing", "solo", undefined, undefined, undefined],
  ];
  for (const [name, session, explicit, selected, expected] of rows) {
    it(name, () => assert.equal(accountToOffer(session, explicit, pools, selected), expected));
  }
});

import { expect, test } from "bun:test";
import type { OptionWrites } from "./state.ts";
import { paneWrite } from "./writes.ts";

const guard = { state: "blocked", reportStamp: "" };
/** The set-option commands inside the guarded write, one per option. */
const commandsOf = (writes: OptionWrites) => (paneWrite("%3", writes, guard).at(-1) ?? "").split(" ; ");

test.each([
  ["a new state ends the report's message", { state: "working", stateSince: "100", rule: "spinner" }, true],
  ["the agent gone ends it", { kind: "", state: "" }, true],
  ["a new rule only keeps it", { rule: "spinner" }, false],
  ["seen only keeps it", { seen: "1" }, false],
] as [string, OptionWrites, boolean][])(
  "%s (a message describes the state it came with)",
  (_, writes, clears) => {
    const commands = commandsOf(writes);
    expect(commands.includes("set-option -pqu -t '%3' @agent_message")).toBe(clears);
    expect(commands.length).toBe(Object.keys(writes).length + (clears ? 1 : 0));
  },
);

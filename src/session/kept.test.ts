import { describe, expect, test } from "bun:test";
import { encodeKept, keptFacts } from "./kept.ts";

const AGENT = {
  kind: "claude",
  name: "",
  session_id: "abc",
  session_path: "",
  resume_argv: "claude --resume abc",
  claude_flags: [],
  sandbox: "",
  container: "",
};
const FACTS = encodeKept({ opened: "/home/u", cwd: "/gone", agent: AGENT });

describe("keptFacts", () => {
  test("a pane with no restore marks has none", () => {
    expect(keptFacts("", { cwd: "/x", kind: "", sessionId: "" })).toBeUndefined();
  });
  test("kept while the pane stays where it opened, even with its agent resumed and not yet reported", () => {
    expect(keptFacts(FACTS, { cwd: "/home/u", kind: "", sessionId: "" })).toEqual({
      kept: { opened: "/home/u", cwd: "/gone", agent: AGENT },
    });
    expect(keptFacts(FACTS, { cwd: "/home/u", kind: "claude", sessionId: "" })).toHaveProperty("kept");
    expect(keptFacts(FACTS, { cwd: "/home/u", kind: "claude", sessionId: "abc" })).toHaveProperty("kept");
  });
  test("acted on: another folder, an agent with a conversation of its own, or marks that do not read", () => {
    expect(keptFacts(FACTS, { cwd: "/elsewhere", kind: "", sessionId: "" })).toEqual({ acted: true });
    expect(keptFacts(FACTS, { cwd: "/home/u", kind: "claude", sessionId: "new" })).toEqual({ acted: true });
    expect(keptFacts("{not json", { cwd: "/home/u", kind: "", sessionId: "" })).toEqual({ acted: true });
  });
});

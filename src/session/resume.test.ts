import { describe, expect, test } from "bun:test";
import { type Manifest, manifestSet } from "../detect/manifest.ts";
import { TAW_BIN } from "../paths.ts";
import type { SavedAgent } from "./format.ts";
import { resumeLine } from "./resume.ts";

const agent = (fields: Partial<SavedAgent>): SavedAgent => ({
  kind: "claude",
  name: "",
  session_id: "",
  session_path: "",
  resume_argv: "",
  claude_flags: [],
  sandbox: "",
  container: "",
  ...fields,
});
const manifests = manifestSet([{ id: "codex", resume: "codex resume {session_id}" } as unknown as Manifest]);

describe("resumeLine", () => {
  test("the command the agent's hook reported", () => {
    expect(resumeLine(agent({ resume_argv: "claude --resume abc" }), manifests)).toBe("claude --resume abc");
  });

  test("Claude's kept flags go after claude", () => {
    const line = resumeLine(
      agent({
        resume_argv: "claude --resume abc",
        claude_flags: ["--model", "opus 4", "--dangerously-skip-permissions"],
      }),
      manifests,
    );
    expect(line).toBe("claude --model 'opus 4' --dangerously-skip-permissions --resume abc");
  });

  test("else the manifest's resume command with the session id", () => {
    expect(resumeLine(agent({ kind: "codex", session_id: "id with space" }), manifests)).toBe(
      "codex resume 'id with space'",
    );
    expect(resumeLine(agent({ kind: "codex" }), manifests)).toBeUndefined();
    expect(resumeLine(agent({ kind: "nothing", session_id: "x" }), manifests)).toBeUndefined();
  });

  test("through the sandbox profile it ran in; never after a container run by hand", () => {
    const line = resumeLine(agent({ resume_argv: "claude --resume a", sandbox: "strict box" }), manifests);
    expect(line).toBe(`${TAW_BIN} sandbox 'strict box' -- sh -c 'claude --resume a'`);
    expect(
      resumeLine(agent({ resume_argv: "claude --resume a", container: "docker" }), manifests),
    ).toBeUndefined();
  });
});

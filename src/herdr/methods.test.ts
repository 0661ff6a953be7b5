import { describe, expect, test } from "bun:test";
import type { MethodContext } from "./context.ts";
import { HANDLERS, handlerOf, SUBSCRIBE, TAW_METHODS, UNSUPPORTED } from "./methods.ts";
import type { HerdrError } from "./protocol.ts";

// herdr's raw methods, from its socket-api documentation (protocol 22).
const HERDR_METHODS =
  `ping server.stop server.reload_config server.agent_manifests server.reload_agent_manifests
notification.show client.window_title.set client.window_title.clear session.snapshot
workspace.create workspace.list workspace.get workspace.focus workspace.rename workspace.move workspace.move_block
workspace.report_metadata workspace.close worktree.list worktree.create worktree.open worktree.remove
tab.create tab.list tab.get tab.focus tab.rename tab.move tab.close
pane.split pane.swap pane.move pane.zoom pane.layout pane.process_info pane.neighbor pane.edges pane.focus_direction
pane.resize pane.list pane.current pane.get pane.rename pane.send_text pane.send_keys pane.send_input pane.read
pane.graphics.info pane.graphics.set pane.graphics.clear pane.graphics.stream pane.report_agent
pane.report_agent_session pane.report_metadata pane.clear_agent_authority pane.release_agent pane.close
pane.wait_for_output pane.input.set popup.close layout.export layout.apply layout.set_split_ratio
agent.list agent.get agent.read agent.explain agent.send_keys agent.prompt agent.wait agent.rename agent.focus
agent.start agent.view.set agent.view.clear events.subscribe events.wait integration.install integration.uninstall
plugin.link plugin.list plugin.unlink plugin.enable plugin.disable plugin.action.list plugin.action.invoke
plugin.log.list plugin.pane.open plugin.pane.focus plugin.pane.close`.split(/\s+/);

const failure = (method: string) => {
  try {
    handlerOf(method);
  } catch (error) {
    return error as HerdrError;
  }
  return undefined;
};

describe("the herdr method table", () => {
  test("every herdr method is answered, streamed or unsupported with a reason; taw's own are the only others", () => {
    const listed = [...Object.keys(HANDLERS), ...Object.keys(UNSUPPORTED), SUBSCRIBE].sort();
    expect(listed).toEqual([...HERDR_METHODS, ...TAW_METHODS].sort());
    for (const why of Object.values(UNSUPPORTED)) expect(why.length).toBeGreaterThan(10);
  });

  test("the core methods are answered", () => {
    for (const method of [
      "ping",
      "session.snapshot",
      "workspace.list",
      "tab.list",
      "pane.list",
      "pane.get",
      "pane.current",
      "pane.read",
      "pane.send_text",
      "pane.send_keys",
      "pane.report_agent",
      "pane.report_agent_session",
      "pane.release_agent",
      "agent.list",
      "agent.get",
      "agent.prompt",
    ])
      expect(typeof handlerOf(method)).toBe("function");
  });

  test("a herdr method tmux cannot do is unsupported; an unknown method is invalid_request", () => {
    expect(failure("pane.graphics.set")?.code).toBe("unsupported");
    expect(failure("pane.graphics.set")?.message).toContain("tmux cannot place images");
    expect(failure("pane.explode")?.code).toBe("invalid_request");
    expect(failure("pane.explode")?.message).toBe("unknown method 'pane.explode'");
  });

  test("ping says herdr's protocol, its version with +taw, and server taw", async () => {
    const pong = await handlerOf("ping")({}, {} as MethodContext);
    expect(pong).toEqual({ type: "pong", version: "0.9.3+taw", protocol: 22, server: "taw" });
  });
});

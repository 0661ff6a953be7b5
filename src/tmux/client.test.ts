import { describe, expect, test } from "bun:test";
import { serverFromEnv, Tmux } from "./client.ts";

describe("server selection", () => {
  test("TAW_TMUX_SOCKET, then TAW_TMUX_NAME, choose the server; otherwise tmux's own choice", () => {
    expect(serverFromEnv({ TAW_TMUX_SOCKET: "/tmp/s", TAW_TMUX_NAME: "n" })).toEqual({
      socketPath: "/tmp/s",
    });
    expect(serverFromEnv({ TAW_TMUX_NAME: "n" })).toEqual({ socketName: "n" });
    expect(serverFromEnv({ TMUX: "/tmp/tmux-0/default,1,0" })).toEqual({});
    expect(new Tmux({}).describeSocket({ TMUX: "/tmp/tmux-0/x,1,0" })).toBe("/tmp/tmux-0/x");
    expect(new Tmux({ socketName: "n" }).serverArgs()).toEqual(["-L", "n"]);
  });
});

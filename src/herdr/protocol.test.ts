import { describe, expect, test } from "bun:test";
import { tmuxKey, tmuxKeys } from "./keys.ts";
import { errorLine, exactSeq, HerdrError, okLine, parseRequest } from "./protocol.ts";

const refusal = (line: string) => {
  try {
    parseRequest(line);
  } catch (error) {
    return error as HerdrError;
  }
  throw new Error(`accepted: ${line}`);
};

describe("herdr framing", () => {
  test("a request line is id, method and params (params optional)", () => {
    expect(parseRequest('{"id":"r1","method":"ping","params":{}}')).toEqual({
      id: "r1",
      method: "ping",
      params: {},
    });
    expect(parseRequest('{"id":"r2","method":"pane.list"}')).toEqual({
      id: "r2",
      method: "pane.list",
      params: {},
    });
  });

  test("anything else is invalid_request, keeping the id when there was one", () => {
    expect(refusal("not json").code).toBe("invalid_request");
    expect(refusal("[1]").code).toBe("invalid_request");
    expect(refusal('{"method":"ping"}').code).toBe("invalid_request");
    const noMethod = refusal('{"id":"r3"}');
    expect([noMethod.code, noMethod.id]).toEqual(["invalid_request", "r3"]);
    expect(refusal('{"id":"r4","method":"ping","params":[]}').id).toBe("r4");
  });

  test("answers are one JSON line in herdr's shapes", () => {
    expect(okLine("a", { type: "pong" })).toBe('{"id":"a","result":{"type":"pong"}}\n');
    expect(errorLine("b", "not_found", "pane not found")).toBe(
      '{"id":"b","error":{"code":"not_found","message":"pane not found"}}\n',
    );
  });
});

describe("herdr key combos", () => {
  test.each([
    ["enter", "Enter"],
    ["esc", "Escape"],
    ["ctrl+c", "C-c"],
    ["C-c", "C-c"],
    ["control+j", "C-j"],
    ["alt+x", "M-x"],
    ["option+x", "M-x"],
    ["shift+tab", "BTab"],
    ["tab+shift", "BTab"],
    ["bs", "BSpace"],
    ["f1", "F1"],
    ["minus", "-"],
    ["plus", "+"],
    ["+", "+"],
    ["double-quote", '"'],
    ["y", "y"],
    ["Y", "Y"],
    ["shift+y", "Y"],
    [" ctrl + shift + up ", "C-S-Up"],
    ["cmd+k", "k"],
    ["command+alt+k", "M-k"],
    ["super+enter", "Enter"],
  ])("%s is tmux's %s", (combo, key) => {
    expect(tmuxKey(combo)).toBe(key);
  });

  test.each(["prefix+c", "hyper", "not-a-key", "ctrl++", "ctrl", "ctrl+a+b", "home", "", " "])(
    "herdr reads no key in %j",
    (combo) => {
      expect(tmuxKey(combo)).toBeUndefined();
    },
  );

  test("a combo herdr or tmux cannot read is invalid_key, naming it, before any key is returned", async () => {
    for (const combo of ["Entr", "f13", "ctrl+\x01"]) {
      const error = await tmuxKeys(["enter", combo]).catch((e) => e);
      expect(error).toBeInstanceOf(HerdrError);
      expect(error.code).toBe("invalid_key");
      expect(error.message).toStartWith(`unsupported key ${combo}`);
    }
    expect(await tmuxKeys(["enter", "ctrl+c", "cmd+a"])).toEqual(["Enter", "C-c", "a"]);
  });
});

describe("seq past 2^53", () => {
  test("Crush's UnixNano seqs stay one apart (modulo 2^53); small ones are untouched", () => {
    const at = (seq: string) =>
      parseRequest(`{"id":"c","method":"pane.report_agent","params":{"state":"idle","seq":${seq},"x":1}}`)
        .params.seq;
    const first = at("1764547200123456790") as number;
    expect(at("1764547200123456791")).toBe(first + 1);
    expect(Number.isSafeInteger(first)).toBe(true);
    expect(at("42")).toBe(42);
    // Only the seq field: a big number elsewhere and a string are left alone.
    expect(exactSeq('{"other":1764547200123456790,"seq":"12345678901234567"}')).toBe(
      '{"other":1764547200123456790,"seq":"12345678901234567"}',
    );
  });
});

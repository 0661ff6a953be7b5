import { expect, test } from "bun:test";
import { parseEnvironment } from "./environment.ts";

test("show-environment lines become variables; removed ones and junk are left out", () => {
  expect(parseEnvironment("DISPLAY=:1\n-SSH_AUTH_SOCK\nPATH=/bin:/usr/bin\nA=b=c\nnoise\n")).toEqual({
    DISPLAY: ":1",
    PATH: "/bin:/usr/bin",
    A: "b=c",
  });
});

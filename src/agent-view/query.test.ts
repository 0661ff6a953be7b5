import { expect, test } from "bun:test";
import { HERDR_EXAMPLE_VIEW } from "./herdr-example.ts";
import { parseView, ViewError } from "./query.ts";

test("herdr's documented example is taken as written", () => {
  expect(parseView(HERDR_EXAMPLE_VIEW)).toEqual(HERDR_EXAMPLE_VIEW as never);
});

test("a sort's order defaults to asc; tokens are fields; the label is trimmed", () => {
  const view = parseView({
    source: " me ",
    label: "  mine ",
    filter: { op: "not", filter: { op: "exists", field: { token: "ticket" } } },
    sort: [{ field: { token: "ticket" } }],
  });
  expect(view).toEqual({
    source: "me",
    label: "mine",
    filter: { op: "not", filter: { op: "exists", field: { token: "ticket" } } },
    sort: [{ field: { token: "ticket" }, order: "asc" }],
  });
});

const refused = (params: unknown) => {
  try {
    parseView(params);
  } catch (error) {
    expect(error).toBeInstanceOf(ViewError);
    return (error as Error).message;
  }
  throw new Error("taken");
};

test("bad queries say what is wrong", () => {
  expect(refused({})).toContain('"source"');
  expect(refused({ source: "a b" })).toContain('"source"');
  expect(refused({ source: "s", label: "x".repeat(33) })).toContain('"label"');
  expect(refused({ source: "s", filter: { op: "eq", field: "status", value: "asleep" } })).toContain(
    'unknown agent status "asleep"',
  );
  expect(
    refused({
      source: "s",
      filter: { op: "eq", field: "tab_id", value: { context: "current_workspace_id" } },
    }),
  ).toContain("does not match field");
  expect(refused({ source: "s", filter: { op: "eq", field: "seen", value: "yes" } })).toContain(
    "true or false",
  );
  expect(refused({ source: "s", filter: { op: "any", filters: [] } })).toContain("non-empty");
  expect(refused({ source: "s", filter: { op: "in", field: "agent", values: [] } })).toContain("1 to 32");
  expect(refused({ source: "s", filter: { op: "like", field: "agent" } })).toContain("unknown filter op");
  expect(refused({ source: "s", filter: { op: "eq", field: "colour", value: "x" } })).toContain(
    "unknown filter field",
  );
  expect(refused({ source: "s", sort: [{ field: "status", order: "up" }] })).toContain('"asc" or "desc"');
  expect(refused({ source: "s", sort: [{ field: { token: "a b" } }] })).toContain("token");
});

test("herdr's limits: depth 8, 64 nodes, 8 sort fields", () => {
  let deep: unknown = { op: "exists", field: "agent" };
  for (let i = 0; i < 8; i++) deep = { op: "not", filter: deep };
  expect(refused({ source: "s", filter: deep })).toContain("nested at most 8");
  const wide = { op: "all", filters: Array.from({ length: 64 }, () => ({ op: "exists", field: "agent" })) };
  expect(refused({ source: "s", filter: wide })).toContain("at most 64 nodes");
  expect(refused({ source: "s", sort: Array.from({ length: 9 }, () => ({ field: "status" })) })).toContain(
    "at most 8",
  );
});

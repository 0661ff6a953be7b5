// taw hosts add|list|remove|test|serve: the other tmux servers and machines taw joins
// (src/hosts), kept as [hosts.<name>] in config.toml.

import { configuredHosts, findHost } from "../hosts/config.ts";
import { addHost, removeHost } from "../hosts/edit.ts";
import { testFailure, testHost } from "../hosts/test.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { hostsServe } from "./hosts-serve.ts";
import { table } from "./table.ts";

const ADD_EXAMPLE = "taw hosts add box me@box.example";

export const hostsAdd = defineCommand({
  path: ["hosts", "add"],
  summary: "add a machine (an ssh destination) or, with -L/-S, another local tmux server",
  positionals: ["<name>", "[destination]"],
  flags: {
    "tmux-socket": {
      type: "string",
      description: "the remote tmux server, when not its default (-L name or -S path)",
    },
    taw: { type: "string", description: "the remote taw command, when not `taw` on its PATH" },
  },
  run: async (ctx) => {
    const name = requireArg(ctx.args.positionals, 0, "name", ADD_EXAMPLE);
    const socket = (ctx.args.flags.socket ?? ctx.args.flags["socket-name"]) as string | undefined;
    return addHost(ctx.env, name, {
      ssh: ctx.args.positionals[1],
      socket,
      tmux_socket: ctx.args.flags["tmux-socket"] as string | undefined,
      taw: ctx.args.flags.taw as string | undefined,
    });
  },
  render: (result) =>
    `added host '${result.name}' to ${result.path}; check it with 'taw hosts test ${result.name}'`,
});

export const hostsRemove = defineCommand({
  path: ["hosts", "remove"],
  summary: "take a host out of config.toml",
  positionals: ["<name>"],
  run: async (ctx) =>
    removeHost(ctx.env, requireArg(ctx.args.positionals, 0, "name", "taw hosts remove box")),
  render: (result) => `removed host '${result.name}' from ${result.path}`,
});

export const hostsList = defineCommand({
  path: ["hosts", "list"],
  summary: "the hosts config.toml names: machines over ssh and other local tmux servers",
  run: async (ctx) =>
    configuredHosts(ctx.env).map(({ name, entry, host }) => ({
      name,
      kind: "problem" in host ? null : host.kind,
      ...entry,
      problem: "problem" in host ? host.problem : null,
    })),
  render: (hosts) =>
    hosts.length === 0
      ? "no hosts: add one with 'taw hosts add <name> <ssh destination>'"
      : table(
          ["NAME", "KIND", "WHERE"],
          hosts.map((host) => [
            host.name,
            host.kind ?? "-",
            host.problem ?? (host.kind === "socket" ? `tmux ${host.socket}` : host.ssh),
          ]),
        ),
});

export const hostsTest = defineCommand({
  path: ["hosts", "test"],
  summary: "check a host: ssh access, tmux, taw and its version there (one ssh run)",
  positionals: ["<name>"],
  run: async (ctx) =>
    testHost(findHost(ctx.env, requireArg(ctx.args.positionals, 0, "name", "taw hosts test box")), ctx.env),
  render: (result) =>
    table(
      ["CHECK", "", "DETAIL"],
      result.checks.map((check) => [
        check.name,
        check.ok ? "ok" : check.required ? "FAIL" : "note",
        check.detail,
      ]),
    ),
  failure: testFailure,
});

export const hostsCommands = [hostsAdd, hostsList, hostsRemove, hostsTest, hostsServe];

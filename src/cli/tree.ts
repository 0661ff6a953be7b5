// taw tree: every session, window and pane with its agent (src/space/tree.ts); with
// --all-hosts each host's tree after this server's, under its name.

import { readTree, renderTree, treeJson } from "../space/tree.ts";
import { ALL_HOSTS_FLAG, askEveryHost, type HostStatus, hostLines } from "./all-hosts.ts";
import { defineCommand } from "./command.ts";

type TreeJson = ReturnType<typeof treeJson>;
interface HostTree extends TreeJson {
  host: string;
  text: string;
}

export const treeCommand = defineCommand({
  path: ["tree"],
  summary: "every session, window and pane with its agent",
  flags: ALL_HOSTS_FLAG,
  run: async (ctx) => {
    if (!ctx.args.flags["all-hosts"])
      return { read: await readTree(ctx.tmux), hosts: undefined, answers: undefined };
    const [read, asked] = await Promise.all([
      readTree(ctx.tmux),
      askEveryHost<HostTree>(ctx.env, "tree.get"),
    ]);
    return { read, ...asked };
  },
  render: ({ read, hosts, answers }) => {
    const mine = renderTree(read.snapshot, read.spaces);
    if (!hosts) return mine;
    const theirs = (answers ?? []).map((tree) => `host ${tree.host}\n${tree.text}`);
    return [`host local\n${mine}`, ...theirs, ...hostLines(hosts)].join("\n\n");
  },
  toJson: ({ read, hosts, answers }): TreeJson | { trees: unknown[]; hosts: HostStatus[] } => {
    if (!hosts) return treeJson(read);
    const trees = (answers ?? []).map(({ text: _text, ...tree }) => tree);
    return { trees: [{ host: "local", ...treeJson(read) }, ...trees], hosts };
  },
});

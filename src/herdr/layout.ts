// herdr's `layouts` (one PaneLayoutSnapshot per tab) from tmux's window_layout string:
// `csum,WxH,X,Y{…}` where `{…}` lays children left to right, `[…]` top to bottom, and a leaf
// ends `,<pane number>`. herdr's splits are binary, so a tmux container of n children is a
// chain: the first child, then a split of the rest.

type Rect = { x: number; y: number; width: number; height: number };

export type LayoutNode =
  | { kind: "pane"; rect: Rect; pane: string }
  | { kind: "split"; rect: Rect; direction: "right" | "down"; children: LayoutNode[] };

/** The tree of a window_layout string; undefined when it is not one. */
export function parseTmuxLayout(text: string): LayoutNode | undefined {
  let at = text.indexOf(",") + 1; // past the checksum
  const number = () => {
    const match = /^\d+/.exec(text.slice(at));
    if (!match) throw new Error(`a number at ${at}`);
    at += match[0].length;
    return Number(match[0]);
  };
  const expect = (char: string) => {
    if (text[at] !== char) throw new Error(`'${char}' at ${at}`);
    at++;
  };
  const node = (): LayoutNode => {
    const width = number();
    expect("x");
    const height = number();
    expect(",");
    const x = number();
    expect(",");
    const y = number();
    const rect = { x, y, width, height };
    const open = text[at];
    if (open === "{" || open === "[") {
      at++;
      const children = [node()];
      while (text[at] === ",") {
        at++;
        children.push(node());
      }
      expect(open === "{" ? "}" : "]");
      return { kind: "split", rect, direction: open === "{" ? "right" : "down", children };
    }
    expect(",");
    return { kind: "pane", rect, pane: `%${number()}` };
  };
  try {
    const tree = node();
    return at === text.length ? tree : undefined;
  } catch {
    return undefined;
  }
}

/** The rect around `nodes` (siblings of one container). */
function around(nodes: LayoutNode[]): Rect {
  const x = Math.min(...nodes.map((n) => n.rect.x));
  const y = Math.min(...nodes.map((n) => n.rect.y));
  const right = Math.max(...nodes.map((n) => n.rect.x + n.rect.width));
  const bottom = Math.max(...nodes.map((n) => n.rect.y + n.rect.height));
  return { x, y, width: right - x, height: bottom - y };
}

export interface LayoutIds {
  workspaceId: string;
  tabId: string;
  /** tmux pane id (%3) → public id (w1:p3). */
  publicId: (pane: string) => string;
  activePane: string;
  zoomed: boolean;
}

/** herdr's PaneLayoutSnapshot of one tab. */
export function layoutSnapshot(tree: LayoutNode, ids: LayoutIds): Record<string, unknown> {
  const panes: Record<string, unknown>[] = [];
  const splits: Record<string, unknown>[] = [];
  const walk = (node: LayoutNode) => {
    if (node.kind === "pane") {
      panes.push({
        pane_id: ids.publicId(node.pane),
        focused: node.pane === ids.activePane,
        rect: node.rect,
      });
      return;
    }
    for (let index = 0; index < node.children.length - 1; index++) {
      const first = node.children[index] as LayoutNode;
      const rest = node.children.slice(index);
      const rect = around(rest);
      const size = node.direction === "right" ? "width" : "height";
      splits.push({
        id: `${ids.tabId}:s${splits.length}`,
        direction: node.direction,
        ratio: rect[size] ? Math.round((first.rect[size] / rect[size]) * 1000) / 1000 : 0.5,
        rect,
      });
    }
    for (const child of node.children) walk(child);
  };
  walk(tree);
  return {
    workspace_id: ids.workspaceId,
    tab_id: ids.tabId,
    zoomed: ids.zoomed,
    area: tree.rect,
    focused_pane_id: ids.publicId(ids.activePane),
    panes,
    splits,
  };
}

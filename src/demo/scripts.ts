// What each demo agent does: a few recorded screens of a real agent, shown in turn, so a
// newcomer sees every state in the dashboard within seconds of `npm start`.

export interface DemoStep {
  /** A screen in assets/demo/<kind>/ (`<screen>.txt`, laid out by layout.ts; its title in
   * `<screen>.title`). */
  screen: string;
  /** How long the screen stays; without it the step lasts until a key is pressed in the pane. */
  seconds?: number;
}

export interface DemoAgent {
  kind: string;
  name: string;
  steps: DemoStep[];
  /** After the last step: start over (an agent that keeps working) or stay on it. */
  loop: boolean;
}

export const DEMO_AGENTS: DemoAgent[] = [
  {
    // Works, then asks to run a command: blocked until someone answers in its pane.
    kind: "claude",
    name: "api",
    loop: false,
    steps: [
      { screen: "working-streaming", seconds: 3 },
      { screen: "working-streaming-later", seconds: 3 },
      { screen: "blocked-permission-bash" },
      { screen: "working-tool-running", seconds: 4 },
      { screen: "idle-after-tool" },
    ],
  },
  {
    kind: "codex",
    name: "web",
    loop: true,
    steps: [
      { screen: "working-thinking", seconds: 2 },
      { screen: "working-streaming", seconds: 2 },
      { screen: "working-streaming-later", seconds: 2 },
    ],
  },
  {
    // Finishes a turn nobody looks at: done.
    kind: "gemini",
    name: "docs",
    loop: false,
    steps: [{ screen: "working-streaming", seconds: 5 }, { screen: "idle-after-reply" }],
  },
  { kind: "opencode", name: "notes", loop: false, steps: [{ screen: "idle-fresh" }] },
];

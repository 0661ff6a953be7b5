// herdr's documented agent view (socket-api, "Agent view queries"): the agents of the
// workspace in front and those that need attention elsewhere, by attention then the newest
// change. The tests hold taw to it.

export const HERDR_EXAMPLE_VIEW = {
  source: "plugin:example.agent-views",
  label: "focus",
  filter: {
    op: "any",
    filters: [
      { op: "eq", field: "workspace_id", value: { context: "current_workspace_id" } },
      { op: "in", field: "status", values: ["blocked", "done"] },
    ],
  },
  sort: [
    { field: "attention", order: "desc" },
    { field: "state_change_seq", order: "desc" },
  ],
};

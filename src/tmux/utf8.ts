// tmux -u on every tmux client taw runs to read: a client that takes its terminal for not
// UTF-8 (no LANG, as under ssh, cron or systemd) prints a tab as '_', and every listing taw
// reads is tab-separated.

export const UTF8 = "-u";

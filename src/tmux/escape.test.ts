import { describe, expect, test } from "bun:test";
import {
  displayText,
  foldSessionName,
  freeTextColumn,
  literalKeys,
  newName,
  optionValue,
  shellQuote,
  startDirectory,
  target,
  word,
} from "./escape.ts";

describe("escape", () => {
  test("a trailing ; is written \\; so tmux does not end the command there", () => {
    expect(word("a;")).toBe("a\\;");
    expect(word(";")).toBe("\\;");
    expect(word("a;b")).toBe("a;b");
    expect(word("a\\;")).toBe("a\\\\;");
  });

  test("display text doubles # and % and keeps a trailing ; literal", () => {
    expect(displayText("50% #1 done;")).toBe("50%% ##1 done\\;");
  });

  test("names and start directories double # but not %", () => {
    expect(newName("C#Sharp 100%")).toBe("C##Sharp 100%");
    expect(startDirectory("/tmp/a#b;")).toBe("/tmp/a##b\\;");
  });

  test("targets, option values and literal keys are only guarded against the trailing ;", () => {
    expect(target("=C#Sharp")).toBe("=C#Sharp");
    expect(optionValue("#{x};")).toBe("#{x}\\;");
    expect(literalKeys("echo 100% #;")).toBe("echo 100% #\\;");
  });

  test("shellQuote makes one single-quoted word, a quote inside written '\\''", () => {
    expect(shellQuote("it's $HOME; #{x}")).toBe("'it'\\''s $HOME; #{x}'");
  });

  test("session names fold . and : to _ as tmux does", () => {
    expect(foldSessionName("a.b:c")).toBe("a_b_c");
    expect(foldSessionName(".dotfiles--release/1.2")).toBe("_dotfiles--release/1_2");
  });

  test("a free-text column replaces tab and newline using a literal bracket expression", () => {
    expect(freeTextColumn("pane_title")).toBe("#{s/[\t\n]/ /:pane_title}");
  });
});

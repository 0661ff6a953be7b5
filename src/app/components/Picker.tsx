// The kind picker for `s` / `S`: the manifests' kinds, installed first, the others marked,
// fuzzy-narrowed by what is typed.

import { useDash } from "../context.ts";
import { pickerChoices } from "../picker.ts";
import { ChoiceBox } from "./ChoiceBox.tsx";

const PICKER_WIDTH = 52;
/** Rows left above the picker, so the row it starts from stays in sight when there is room. */
const PICKER_TOP = 2;

/** `height` is the body's: the picker and its border stay inside it, above the footer. */
export function Picker({ width, height }: { width: number; height: number }) {
  const overlay = useDash((s) => s.overlay);
  const input = useDash((s) => s.input);
  if (overlay.kind !== "picker") return null;
  const choices = pickerChoices(overlay.kinds, input).map((choice) => ({
    key: choice.id,
    text: ` ${choice.id}  ${choice.name}${choice.installed === false ? `  (not installed)` : ""}`,
  }));
  const sandbox = overlay.profiles?.length ? ` · sandbox: ${overlay.profile ?? "none"} (Tab)` : "";
  return (
    <ChoiceBox
      width={width}
      height={height}
      boxWidth={PICKER_WIDTH}
      top={PICKER_TOP}
      title={` start: ${input || "kind"}${sandbox} `}
      choices={choices}
      index={overlay.index}
      empty=" no kind matches"
    />
  );
}

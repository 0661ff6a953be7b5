// One row of a pane's screen in its own colours and attributes (the preview, the grid).

import { TextAttributes } from "@opentui/core";
import { memo } from "react";
import type { StyledLine, StyledSpan } from "../ansi.ts";
import { useTheme } from "../context.ts";

function attributesOf(span: StyledSpan): number {
  let attributes = 0;
  if (span.bold) attributes |= TextAttributes.BOLD;
  if (span.dim) attributes |= TextAttributes.DIM;
  if (span.italic) attributes |= TextAttributes.ITALIC;
  if (span.underline) attributes |= TextAttributes.UNDERLINE;
  if (span.inverse) attributes |= TextAttributes.INVERSE;
  return attributes;
}

export const Line = memo(function Line({ line }: { line: StyledLine }) {
  const theme = useTheme();
  return (
    <text wrapMode="none" height={1}>
      {line.length === 0 ? " " : null}
      {line.map((span, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: spans of one line have no identity but their place.
        <span key={index} fg={span.fg ?? theme.text} bg={span.bg} attributes={attributesOf(span)}>
          {span.text}
        </span>
      ))}
    </text>
  );
});

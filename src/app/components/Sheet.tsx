// The box over the whole body that the help and the diff draw in.

import type { ReactNode } from "react";
import { useTheme } from "../context.ts";
import { frame } from "../theme.ts";

export function Sheet({
  width,
  height,
  title,
  row = false,
  children,
}: {
  width: number;
  height: number;
  title: string;
  /** Its children side by side (the help's columns), else one under another. */
  row?: boolean;
  children: ReactNode;
}) {
  const theme = useTheme();
  return (
    <box
      position="absolute"
      top={0}
      left={0}
      width={width}
      height={height}
      zIndex={10}
      border
      {...frame(theme, "double")}
      borderColor={theme.accent}
      backgroundColor={theme.headerBg}
      title={title}
      flexDirection={row ? "row" : "column"}
    >
      {children}
    </box>
  );
}

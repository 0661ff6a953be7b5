// Mouse helpers: a click selects, a second click on the same row soon after is a double click.

import { useRef } from "react";

/** Two clicks on one row within this time are a double click. */
export const DOUBLE_CLICK_MS = 400;
/** Rows one wheel notch scrolls. */
export const WHEEL_ROWS = 3;

export function useClicks(onClick: (key: string) => void, onDoubleClick: (key: string) => void) {
  const last = useRef({ key: "", at: 0 });
  return (key: string) => {
    const now = Date.now();
    const double = last.current.key === key && now - last.current.at < DOUBLE_CLICK_MS;
    last.current = { key, at: double ? 0 : now };
    onClick(key);
    if (double) onDoubleClick(key);
  };
}

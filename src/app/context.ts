// The store and the action context, handed to components through React context so a test
// can render the App against its own store.

import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { ActionContext } from "./actions.ts";
import type { DashState } from "./store.ts";
import type { Theme } from "./theme.ts";

export const DashContext = createContext<ActionContext | undefined>(undefined);

export function useActions(): ActionContext {
  const ctx = useContext(DashContext);
  if (!ctx) throw new Error("dashboard components must be rendered inside <DashContext.Provider>");
  return ctx;
}

/** A slice of the store; the component re-renders only when the slice changes. */
export function useDash<T>(selector: (state: DashState) => T): T {
  return useStore(useActions().store, selector);
}

export function useTheme(): Theme {
  return useDash((state) => state.theme);
}

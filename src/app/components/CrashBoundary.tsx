// Catches an error thrown while React renders the dashboard. React would only report it to
// the console, which OpenTUI captures: the user would be left on a frozen, blank screen.

import { Component, type ReactNode } from "react";

interface Props {
  onCrash: (error: unknown) => void;
  children: ReactNode;
}

export class CrashBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onCrash(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

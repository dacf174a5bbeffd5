import { Component, type ReactNode } from "react";
import { reportError } from "./report";

interface Props {
  widget: string;
  host: Element | undefined;
  children: ReactNode;
}

/** The widget's edge: a render or effect error shows a fallback and never reaches the host page. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportError(this.props.host, this.props.widget, `unexpected error: ${error instanceof Error ? error.message : String(error)}`);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="gc-fallback" role="alert" part="error">
          Sorry, this section could not be shown. Please refresh the page or call us.
        </div>
      );
    }
    return this.props.children;
  }
}

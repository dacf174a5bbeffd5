import type { ReactNode } from "react";

/** A message about what just happened: errors are announced at once, the rest politely. */
export function Notice({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  return (
    <div className={`notice notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

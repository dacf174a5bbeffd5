import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// Words, not zod's texts, for every schema the console checks with (the vehicle schema imports no other that installs them).
import "../../domain/plain-messages";
import { App } from "./App";
import "./staff.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

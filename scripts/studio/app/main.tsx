/** The Studio's browser app: mounts App into the page the server wrote (server.ts). */
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import "./studio.css";
import "./widgets.css";

createRoot(document.getElementById("studio")!).render(<App />);

import "@ct/ui/styles.css";
import "@ct/ui/fonts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LanguageProvider } from "./app/language";
import { createRouter } from "./app/router";
import { RouterProvider } from "./app/routing";

const router = createRouter();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <LanguageProvider>
      <RouterProvider router={router} />
    </LanguageProvider>
  </StrictMode>,
);

import { useEffect } from "react";

/** The colour mode is forced to light when the app starts. */
export function useLightColourMode() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove("dark");
    root.classList.add("light");
    root.style.colorScheme = "light";
    try {
      localStorage.setItem("theme", "light");
    } catch {
      // storage may be unavailable (private mode); the class is what counts
    }
  }, []);
}

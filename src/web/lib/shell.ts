import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { Envelope } from "../../contracts/api";
import { BUILD_VERSION_POLL_INTERVAL } from "../../contracts/messages";
import { takeStoredRedirect } from "./redirect";
import { toast } from "./toast";

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

/**
 * After the app starts, a redirect path stored in local storage is removed and followed. A
 * visitor who is not signed in keeps it until they are (the sign-in page stores it for exactly
 * that moment).
 */
export function useStoredRedirect(signedIn: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn) return;
    const to = takeStoredRedirect();
    if (to) navigate(to, { replace: true });
  }, [signedIn, navigate]);
}

/** Polls the deployed build every hour and offers a reload when it has changed. */
export function useNewBuildNotice(buildVersion: string) {
  const started = useRef(buildVersion);
  useEffect(() => {
    if (!started.current) return;
    const timer = setInterval(async () => {
      try {
        const res = await fetch("/api/version", { cache: "no-store" });
        const body = (await res.json()) as Envelope<{ version: string }>;
        if (body.data?.version && body.data.version !== started.current) {
          clearInterval(timer);
          toast({
            title: "A new version of the shop is ready",
            description: "Reload to get the latest pages.",
            action: { label: "Reload", onClick: () => window.location.reload() },
            duration: Number.POSITIVE_INFINITY,
          });
        }
      } catch {
        // offline: try again at the next tick
      }
    }, BUILD_VERSION_POLL_INTERVAL);
    return () => clearInterval(timer);
  }, []);
}

/**
 * What the app does once the page has hydrated, none of which its first render needs: root.tsx
 * loads this module then, as a chunk of its own.
 */
import type { Envelope } from "../../contracts/api";
import type { Consent } from "../../contracts/consent";
import { BUILD_VERSION_POLL_INTERVAL } from "../../contracts/messages";
import type { ThirdPartyTags } from "./root-data";
import { toast } from "./toast";

export { registerShopWorker } from "../offline/register-shop";

/**
 * The third-party tags (lib/tags.ts, a chunk of its own): loaded only when a choice allows one,
 * or when the page loaded some and must now drop them.
 */
let tagsModule: Promise<typeof import("./tags")> | undefined;
export function followConsent(tags: ThirdPartyTags, consent: Consent | null, allowed: boolean): void {
  if (!consent && !tagsModule) return;
  tagsModule ??= import("./tags");
  void tagsModule.then((m) => m.followConsent(tags, consent, allowed, window.location.pathname));
}

/** Polls the deployed build every hour and offers a reload when it has changed; answers how to stop. */
export function watchForNewBuild(buildVersion: string): () => void {
  if (!buildVersion) return () => {};
  const timer = setInterval(async () => {
    try {
      const res = await fetch("/api/version", { cache: "no-store" });
      const body = (await res.json()) as Envelope<{ version: string }>;
      if (body.data?.version && body.data.version !== buildVersion) {
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
}

import { useRouteLoaderData } from "react-router";
import type { OwnedItem } from "../../contracts/library";
import type { PublicUser } from "../../contracts/user";

export type RootData = {
  user: PublicUser | null;
  /** The signed-in user's e-books and courses (empty when signed out). */
  owned: OwnedItem[];
  shopName: string;
  buildVersion: string;
  origin: string;
};

/** The signed-in user and shop settings the root loader reads on every navigation. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { user: null, owned: [], shopName: "Pathagar", buildVersion: "", origin: "" };
}

/** The signed-in user's own copy of a product, when they have one. */
export function useOwned(productId: number): OwnedItem | null {
  return useRootData().owned.find((o) => o.id === productId) ?? null;
}

import { useRouteLoaderData } from "react-router";
import type { PublicUser } from "../../contracts/user";

export type RootData = { user: PublicUser | null; shopName: string; buildVersion: string; origin: string };

/** The signed-in user and shop settings the root loader reads on every navigation. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { user: null, shopName: "Pathagar", buildVersion: "", origin: "" };
}

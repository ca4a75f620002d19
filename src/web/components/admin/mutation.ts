import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { type ConfirmOptions, confirmAction } from "./confirm";

export type MutationRequest = {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** Asked first; nothing is sent when the staff member cancels. */
  confirm?: ConfirmOptions;
  /** The toast after success; the server's message when absent. */
  success?: string;
};

/**
 * The one way an admin page changes something outside a form (a row action, a bulk action, a
 * switch): an optional confirm dialog, one request at a time (a double tap sends one), a toast
 * with the server's answer, and the page's data read again. Resolves to the answer's data, or
 * undefined when cancelled or refused (the refusal is toasted).
 */
export function useMutation() {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const run = useCallback(
    async <T = unknown>(req: MutationRequest): Promise<T | undefined> => {
      if (busy.current) return undefined;
      if (req.confirm && !(await confirmAction(req.confirm))) return undefined;
      busy.current = true;
      setPending(true);
      try {
        const answer = await api<T>(req.method, req.path, req.body);
        toast({ title: req.success ?? answer.message });
        await revalidator.revalidate();
        return answer.data;
      } catch (err) {
        toast({
          variant: "destructive",
          title: err instanceof ApiError ? err.message : i18n._("Something went wrong. Please try again."),
        });
        if (err instanceof ApiError && err.statusCode === 409) await revalidator.revalidate();
        return undefined;
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [revalidator, i18n],
  );
  return { run, pending };
}

import { useState } from "react";
import { ApiError } from "../../lib/api";

/**
 * What an account form's page action answers when it refuses the form (lib/actions.server.ts's
 * refusal): the message, each field's message, what was typed (never a password or a code), and
 * on a page with several forms the one it was (`intent`).
 */
export type Refusal =
  | {
      ok: false;
      message: string;
      errors?: Record<string, string>;
      values?: Record<string, string>;
      intent?: string;
    }
  | null
  | undefined;

const SOMETHING_WENT_WRONG = /*i18n*/ "Something went wrong. Please try again.";

type Messages = { errors: Record<string, string>; formError: string };

/** Field messages for the form's own fields; the message for the form when none of them has one. */
function place(
  message: string,
  errors: Record<string, string> | undefined,
  fields: readonly string[],
): Messages {
  const mine = Object.fromEntries(Object.entries(errors ?? {}).filter(([name]) => fields.includes(name)));
  return { errors: mine, formError: Object.keys(mine).length > 0 ? "" : message };
}

/**
 * An account form's messages and its busy state (HTML first, decision 53). Without JavaScript they
 * come from the page's action (`refusal`, when it is this form's); with it, from the API's answer
 * to `run`'s call, as the form showed them before: the server's field messages under the fields,
 * any other refusal above them.
 */
export function useFormAnswer(fields: readonly string[], refusal?: Refusal) {
  const [messages, setMessages] = useState<Messages>(() =>
    refusal ? place(refusal.message, refusal.errors, fields) : { errors: {}, formError: "" },
  );
  const [busy, setBusy] = useState(false);

  /** Runs the form's API call; a refusal becomes the form's messages. */
  async function run(call: () => Promise<void>): Promise<boolean> {
    setMessages({ errors: {}, formError: "" });
    setBusy(true);
    try {
      await call();
      return true;
    } catch (err) {
      setMessages(
        err instanceof ApiError
          ? place(err.message, err.errors, fields)
          : { errors: {}, formError: SOMETHING_WENT_WRONG },
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    errors: messages.errors,
    formError: messages.formError,
    busy,
    run,
    /** A message for the whole form (a refusal of a call outside `run`). */
    fail: (message: string) => setMessages({ errors: {}, formError: message }),
    /** No messages (another of the page's forms is being sent). */
    clear: () => setMessages({ errors: {}, formError: "" }),
  };
}

/** The form's fields as typed, read from the form itself (so what was typed before hydration counts). */
export function formValues<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((n) => [n, String(data.get(n) ?? "")])) as Record<K, string>;
}

import { useSyncExternalStore } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY } from "../../contracts/messages";

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
  action?: { label: string; onClick: () => void };
  /** A link the toast offers (a path of this shop), e.g. the cart after an add. */
  link?: { href: string; label: string };
  /** ms before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
};
export type Toast = ToastInput & { id: number; open: boolean };

// At most TOAST_LIMIT toasts (one); a new one replaces the old. A dismissed toast is closed at
// once and removed from the store TOAST_REMOVE_DELAY ms later (1,000,000 ms).
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

function scheduleRemoval(id: number) {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number) {
  toasts = toasts.map((t) => {
    if (id !== undefined && t.id !== id) return t;
    scheduleRemoval(t.id);
    return { ...t, open: false };
  });
  emit();
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const none: Toast[] = [];
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, () => none);
}

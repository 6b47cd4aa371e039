import type { ComponentType, SVGProps } from 'react';
import type { ToneColour } from './tone';

// docs/spec.md §9.
export const maxVisibleToasts = 5;
export const defaultToastDurationMs = 5000;
export const toastRemovalDelayMs = 200;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  color?: ToneColour;
  actions?: ToastAction[];
  /** Milliseconds before it closes by itself; `Infinity` keeps it until closed. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  isOpen: boolean;
  close: () => void;
}

type Listener = () => void;

let toasts: readonly ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (no hook needed). Only the latest five stay. */
export function toast(options: ToastOptions): ToastEntry {
  const id = String(nextId++);
  const entry: ToastEntry = {
    duration: defaultToastDurationMs,
    ...options,
    id,
    isOpen: true,
    close: () => closeToast(id),
  };
  publish([...toasts, entry].slice(-maxVisibleToasts));
  return entry;
}

/** Closes a toast (it animates out), then drops it from the list once the exit animation is over. */
export function closeToast(id: string): void {
  if (!toasts.some((entry) => entry.id === id && entry.isOpen)) return;
  publish(toasts.map((entry) => (entry.id === id ? { ...entry, isOpen: false } : entry)));
  setTimeout(() => {
    publish(toasts.filter((entry) => entry.id !== id));
  }, toastRemovalDelayMs);
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastEntry[] {
  return toasts;
}

/** Drops every toast at once, with no exit animation: the test set-up starts each test with none. */
export function removeAllToasts(): void {
  publish([]);
}

import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

const twMerge = createTailwindMerge(() => tailwindMergeConfig);

/** Joins class names; of two that set the same property (`px-2`, `px-4`), the later one wins. */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}

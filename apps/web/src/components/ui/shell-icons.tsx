import type { ComponentProps, ReactNode } from 'react';

/**
 * The Lucide icons of the pages before sign-in (the button's and the spinner's loader, the colour-mode
 * button's sun and moon), drawn as Lucide draws them. Importing them from lucide-react would bring its
 * icon factory into `/`'s first load (about 1.3 KB gzipped of its 120 KB budget; docs/performance.md);
 * every other icon comes from lucide-react.
 */
function OutlineIcon({ children, ...props }: ComponentProps<'svg'> & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export function LoaderCircleIcon(props: ComponentProps<'svg'>) {
  return (
    <OutlineIcon {...props}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </OutlineIcon>
  );
}

export function SunIcon(props: ComponentProps<'svg'>) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2" />
      <path d="M12 20v2" />
      <path d="m4.93 4.93 1.41 1.41" />
      <path d="m17.66 17.66 1.41 1.41" />
      <path d="M2 12h2" />
      <path d="M20 12h2" />
      <path d="m6.34 17.66-1.41 1.41" />
      <path d="m19.07 4.93-1.41 1.41" />
    </OutlineIcon>
  );
}

export function MoonIcon(props: ComponentProps<'svg'>) {
  return (
    <OutlineIcon {...props}>
      <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />
    </OutlineIcon>
  );
}

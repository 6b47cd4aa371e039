import { createContext, createElement, useContext, type ComponentProps, type ComponentType } from 'react';

/** An anchor-like component: the router's link in the app, a plain <a> by default (tests, gallery). */
export type LinkComponent = ComponentType<ComponentProps<'a'> & { href: string }>;

const LinkComponentContext = createContext<LinkComponent | null>(null);

/** Lets the app render every link in the UI kit with its router (mount once, around the app). */
export const AppLinkProvider = LinkComponentContext.Provider;

export type AppLinkProps = ComponentProps<'a'> & { href: string };

/** An internal link, rendered with the component given to AppLinkProvider. */
export function AppLink(props: AppLinkProps) {
  // The provider's component is created once at start-up, not during this render.
  const linkComponent = useContext(LinkComponentContext);
  return linkComponent ? createElement(linkComponent, props) : <a {...props} />;
}

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';
import { Button } from './button';
import { componentSizes, toneColours, toneVariants } from './tone';

// docs/spec.md §9: sizes xs–xl (md by default), seven colours, six variants, for buttons and badges alike.
const classesOf = (element: HTMLElement) => [...element.classList].sort().join(' ');

describe.each([
  {
    name: 'Button',
    renderWith: (props: object) => render(<Button {...props}>Save</Button>),
    element: () => screen.getByRole('button', { name: 'Save' }),
    defaults: { size: 'md', color: 'primary', variant: 'solid' },
  },
  {
    name: 'Badge',
    renderWith: (props: object) => render(<Badge {...props}>Active</Badge>),
    element: () => screen.getByText('Active'),
    defaults: { size: 'md', color: 'primary', variant: 'soft' },
  },
])('$name', ({ renderWith, element, defaults }) => {
  function classesFor(props: object): string {
    const view = renderWith(props);
    const classes = classesOf(element());
    view.unmount();
    return classes;
  }

  it('has the five sizes xs, sm, md, lg and xl, each its own look', () => {
    expect(componentSizes).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
    expect(new Set(componentSizes.map((size) => classesFor({ size }))).size).toBe(5);
  });

  it('has the seven colours, each its own look', () => {
    expect(toneColours).toEqual(['primary', 'secondary', 'success', 'info', 'warning', 'error', 'neutral']);
    expect(new Set(toneColours.map((color) => classesFor({ color }))).size).toBe(7);
  });

  it('has the six variants, each its own look', () => {
    expect(toneVariants).toEqual(['solid', 'outline', 'soft', 'subtle', 'ghost', 'link']);
    expect(new Set(toneVariants.map((variant) => classesFor({ variant }))).size).toBe(6);
  });

  it(`defaults to size md, colour primary and its default variant`, () => {
    expect(classesFor({})).toBe(classesFor(defaults));
  });
});

describe('Button', () => {
  it('shows a busy button that cannot be pressed while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

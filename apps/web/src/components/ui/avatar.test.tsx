import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarImageOf, avatarSizes, initialsOf } from './avatar';

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['Grace Brewster Murray Hopper', 'GB'],
    ['  ada   lovelace  ', 'AL'],
    ['émile zola', 'ÉZ'],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('Avatar', () => {
  it('shows the initials, named for assistive technology, when there is no image', () => {
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  it('comes in sizes from 16 to 48 px (docs/spec.md §9), growing with each step', () => {
    const pixels = avatarSizes.map((size) => {
      const view = render(<Avatar name="Ada Lovelace" size={size} />);
      const sizeClass = [...screen.getByRole('img', { name: 'Ada Lovelace' }).parentElement!.classList].find((name) =>
        /^size-\d+$/.test(name),
      );
      view.unmount();
      // Tailwind's spacing unit is 4 px.
      return Number(sizeClass?.slice('size-'.length)) * 4;
    });
    expect(pixels[0]).toBe(16);
    expect(pixels.at(-1)).toBe(48);
    expect(pixels).toEqual([...pixels].sort((a, b) => a - b));
    expect(new Set(pixels).size).toBe(pixels.length);
  });
});

describe('avatarImageOf', () => {
  it.each([
    ['https://example.com/logo.png', 'https://example.com/logo.png'],
    ['http://example.com/logo.png', 'http://example.com/logo.png'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['/logo.png', null],
    [null, null],
  ])('%j → %j: only an http(s) image is ever loaded', (src, image) => {
    expect(avatarImageOf(src)).toBe(image);
  });
});

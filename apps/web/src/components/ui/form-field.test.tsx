import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';

describe('FormField', () => {
  it('labels the control and describes it with its hint', () => {
    render(
      <FormField label="Team name" description="Shown to every member.">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Team name' });
    expect(input).toHaveAccessibleDescription('Shown to every member.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and reads out the error', () => {
    render(
      <FormField label="Email" description="We never share it." error="Enter a valid email address.">
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Enter a valid email address.');
  });
});

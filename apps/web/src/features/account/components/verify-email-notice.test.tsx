import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerifyEmailNotice } from './verify-email-notice';

describe('VerifyEmailNotice', () => {
  it('names the address, what waits for it and how to get a new link', () => {
    render(<VerifyEmailNotice email="ada@example.com" />);
    const notice = screen.getByRole('status', { name: 'Verify your email address' });
    expect(notice).toHaveTextContent('ada@example.com');
    expect(notice).toHaveTextContent(/team invites for this address and administrator rights wait/);
    expect(notice).toHaveTextContent('Signing in again sends a new link.');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from './hint.tsx';

describe('Hint', () => {
  it('shows its text, markup included, as one paragraph', () => {
    render(
      <Hint>
        Telephone number <strong>01214960002</strong>
      </Hint>,
    );
    const hint = screen.getByText(/Telephone number/);
    expect(hint.tagName).toBe('P');
    expect(hint.textContent).toBe('Telephone number 01214960002');
  });
});

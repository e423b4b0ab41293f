import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField, fieldAria, inputClass } from './form-field';

describe('FormField', () => {
  it('labels its control', () => {
    render(
      <FormField label="Nom" htmlFor="nom">
        <input id="nom" />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Nom' })).toBeInTheDocument();
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });

  it('shows a red asterisk (hidden from AT) and an sr-only "(obligatoire)" when required', () => {
    render(
      <FormField label="Nom" htmlFor="nom" required>
        <input id="nom" />
      </FormField>,
    );
    const star = screen.getByText('*');
    expect(star).toHaveAttribute('aria-hidden', 'true');
    expect(star).toHaveClass('text-red-600');
    expect(screen.getByRole('textbox', { name: 'Nom (obligatoire)' })).toBeInTheDocument();
  });

  it('shows help text when there is no error', () => {
    render(
      <FormField label="Email" htmlFor="email" help="Adresse professionnelle">
        <input id="email" />
      </FormField>,
    );
    expect(screen.getByText('Adresse professionnelle')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the help text by the error', () => {
    render(
      <FormField label="Email" htmlFor="email" help="Adresse professionnelle" error="Email invalide">
        <input id="email" {...fieldAria('email', 'Email invalide')} />
      </FormField>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Email invalide');
    expect(alert).toHaveAttribute('id', 'email-error');
    expect(screen.queryByText('Adresse professionnelle')).not.toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Email invalide');
  });

  it('inputClass switches to red borders on error', () => {
    expect(inputClass(true)).toContain('border-red-500');
    expect(inputClass(false)).toContain('border-slate-300');
    expect(inputClass(false)).not.toContain('border-red-500');
  });
});

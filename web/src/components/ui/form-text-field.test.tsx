import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormTextField } from './form-text-field';

const schema = z.object({ nom: z.string().min(1, 'Le nom est requis'), email: z.string() });
type Values = z.infer<typeof schema>;

function Harness() {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { nom: '', email: '' } });
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <FormTextField form={form} name="nom" label="Nom" idPrefix="client" required />
      <FormTextField form={form} name="email" label="Email" idPrefix="client" type="email" />
      <button type="submit">Enregistrer</button>
    </form>
  );
}

describe('FormTextField', () => {
  it('labels the input, ids it by prefix and name, and keeps the type', () => {
    render(<Harness />);
    const nom = screen.getByLabelText(/^Nom/);
    expect(nom).toHaveAttribute('id', 'client-nom');
    expect(nom).toHaveAttribute('type', 'text');
    expect(nom).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByText('(obligatoire)')).toBeInTheDocument();
  });

  it('shows the zod message and marks the input invalid', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le nom est requis');
    const nom = screen.getByLabelText(/^Nom/);
    expect(nom).toHaveAttribute('aria-invalid', 'true');
    expect(nom).toHaveAttribute('aria-describedby', 'client-nom-error');
  });

  it('registers the typed value', async () => {
    render(<Harness />);
    const nom = screen.getByLabelText(/^Nom/);
    await userEvent.type(nom, 'Atlas SARL');
    expect(nom).toHaveValue('Atlas SARL');
  });
});

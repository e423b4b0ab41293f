import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';
import { Select, type SelectOption } from './select';

const options: SelectOption[] = [
  { value: 'lyon', label: 'Lyon' },
  { value: 'paris', label: 'Paris' },
  { value: 'evry', label: 'Évry' },
];

function Single(props: { searchable?: boolean; onChange?: (v: string) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <Select
      aria-label="Ville"
      options={options}
      value={value}
      searchable={props.searchable}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
    />
  );
}

function Multi({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return <Select aria-label="Villes" multiple options={options} value={value} onChange={setValue} />;
}

const types: SelectOption[] = [
  { value: '', label: 'Aucun' },
  { value: 'TRANSFORMATEUR', label: 'Transformateur' },
  { value: 'GROUPE_ELECTROGENE', label: 'Groupe électrogène' },
  { value: 'ECLAIRAGE', label: 'Éclairage' },
  { value: 'ONDULEUR', label: 'Onduleur' },
];
function Types(props: { searchable?: boolean; onChange: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      aria-label="Type"
      options={types}
      value={value}
      searchable={props.searchable}
      onChange={(v) => {
        setValue(v);
        props.onChange(v);
      }}
    />
  );
}

describe('Select', () => {
  it('shows the placeholder and opens a listbox', async () => {
    render(<Single />);
    const combo = screen.getByRole('combobox', { name: 'Ville' });
    expect(combo).toHaveTextContent('Sélectionner...');
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(combo);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('selects with a click and closes', async () => {
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Paris' }));
    expect(onChange).toHaveBeenCalledWith('paris');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveTextContent('Paris');
  });

  it('is keyboard operable: ArrowDown opens, arrows move, Enter selects, Escape closes', async () => {
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    const combo = screen.getByRole('combobox');
    combo.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(combo).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Paris' }).id);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('paris');
    expect(combo).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('filters with the search box, accent-insensitively, and says when nothing matches', async () => {
    render(<Single searchable />);
    await userEvent.click(screen.getByRole('combobox'));
    const search = screen.getByPlaceholderText('Rechercher...');
    expect(search).toHaveFocus();
    await userEvent.type(search, 'evr');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Évry']);
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Aucune option trouvée')).toBeInTheDocument();
  });

  it('selects the filtered option with Enter from the search box', async () => {
    const onChange = vi.fn();
    render(<Single searchable onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.type(screen.getByPlaceholderText('Rechercher...'), 'par{Enter}');
    expect(onChange).toHaveBeenCalledWith('paris');
  });

  it('multi: shows the label for one selection and "N sélectionné(s)" for more', async () => {
    render(<Multi />);
    const combo = screen.getByRole('combobox', { name: 'Villes' });
    await userEvent.click(combo);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Lyon' }));
    expect(combo).toHaveTextContent('Lyon');
    // Stays open for more picks.
    await userEvent.click(screen.getByRole('option', { name: 'Paris' }));
    expect(combo).toHaveTextContent('2 sélectionné(s)');
    expect(screen.getByRole('option', { name: 'Paris' })).toHaveAttribute('aria-selected', 'true');
    // Toggling off.
    await userEvent.click(screen.getByRole('option', { name: 'Lyon' }));
    expect(combo).toHaveTextContent('Paris');
  });

  it('multi: renders the count from the initial value', () => {
    render(<Multi initial={['lyon', 'paris', 'evry']} />);
    expect(screen.getByRole('combobox')).toHaveTextContent('3 sélectionné(s)');
  });

  it('closes on outside click', async () => {
    render(
      <>
        <Single />
        <p>ailleurs</p>
      </>,
    );
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByText('ailleurs'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('does not open when disabled', async () => {
    render(<Select aria-label="Ville" disabled options={options} value={null} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Escape inside a Modal closes only the list', async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="T">
        <Single />
      </Modal>,
    );
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
  describe('type-ahead (WAI-ARIA listbox)', () => {
    it('"groupe" + Enter on the closed combobox selects "Groupe électrogène"', async () => {
      const onChange = vi.fn();
      render(<Types onChange={onChange} />);
      const combo = screen.getByRole('combobox', { name: 'Type' });
      combo.focus();
      await userEvent.keyboard('groupe');
      expect(combo).toHaveAttribute('aria-expanded', 'true');
      expect(combo).toHaveAttribute(
        'aria-activedescendant',
        screen.getByRole('option', { name: 'Groupe électrogène' }).id,
      );
      await userEvent.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledWith('GROUPE_ELECTROGENE');
      expect(combo).toHaveTextContent('Groupe électrogène');
    });

    it('matches accent- and case-insensitively, from the open or the closed list', async () => {
      const onChange = vi.fn();
      render(<Types onChange={onChange} />);
      const combo = screen.getByRole('combobox', { name: 'Type' });
      combo.focus();
      await userEvent.keyboard('{ArrowDown}ECL');
      expect(combo).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Éclairage' }).id);
      await userEvent.keyboard('{Escape}o');
      expect(combo).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Onduleur' }).id);
    });

    it('typing on a closed searchable combobox types into its search box', async () => {
      const onChange = vi.fn();
      render(<Types searchable onChange={onChange} />);
      screen.getByRole('combobox', { name: 'Type' }).focus();
      await userEvent.keyboard('groupe');
      expect(screen.getByPlaceholderText('Rechercher...')).toHaveValue('groupe');
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Groupe électrogène']);
      await userEvent.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledWith('GROUPE_ELECTROGENE');
    });
  });
});

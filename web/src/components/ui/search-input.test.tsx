import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

describe('SearchInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the default placeholder', () => {
    render(<SearchInput value="" onChange={() => {}} />);
    expect(screen.getByPlaceholderText('Rechercher...')).toBeInTheDocument();
  });

  it('calls onChange once, 300 ms after the last keystroke', () => {
    const onChange = vi.fn();
    render(<SearchInput value="" onChange={onChange} />);
    const input = screen.getByRole('searchbox');
    // Keystrokes 100 ms apart keep postponing the call.
    for (const text of ['p', 'po', 'pom', 'pomp', 'pompe']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(input).toHaveValue('pompe');
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(199));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('pompe');
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('the clear button empties the field and calls onChange("") at once', async () => {
    const onChange = vi.fn();
    render(<SearchInput value="pompe" onChange={onChange} />);
    const input = screen.getByRole('searchbox');
    expect(input).toHaveValue('pompe');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Effacer la recherche' })).not.toBeInTheDocument();
  });

  it('clearing cancels a pending debounced call', () => {
    const onChange = vi.fn();
    render(<SearchInput value="" onChange={onChange} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('follows an outside change of value (e.g. a reset)', () => {
    const onChange = vi.fn();
    const { rerender } = render(<SearchInput value="abc" onChange={onChange} />);
    rerender(<SearchInput value="" onChange={onChange} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('honours a custom delay and aria-label', () => {
    const onChange = vi.fn();
    render(<SearchInput value="" onChange={onChange} delay={500} aria-label="Rechercher un client" />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un client' }), { target: { value: 'x' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onChange).toHaveBeenCalledWith('x');
  });
});

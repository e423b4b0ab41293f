import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('puts ellipses around the current page', () => {
    expect(pageItems(5, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
  });

  it('uses a single ellipsis near either end', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });

  it('clamps an out-of-range page', () => {
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
    expect(pageItems(0, 20)).toEqual(pageItems(1, 20));
  });
});

describe('Pagination', () => {
  const setup = (page: number, total: number, limit = 10) => {
    const onPageChange = vi.fn();
    const onLimitChange = vi.fn();
    const utils = render(
      <Pagination page={page} limit={limit} total={total} onPageChange={onPageChange} onLimitChange={onLimitChange} />,
    );
    return { onPageChange, onLimitChange, ...utils };
  };

  it('shows the exact range text', () => {
    setup(2, 45);
    expect(screen.getByText('Affichage de 11 à 20 sur 45 résultats')).toBeInTheDocument();
  });

  it('caps the range at the total on the last page', () => {
    setup(5, 45);
    expect(screen.getByText('Affichage de 41 à 45 sur 45 résultats')).toBeInTheDocument();
  });

  it('says "plus de" for a bounded count and offers no jump to an uncounted last page', () => {
    render(<Pagination page={1} limit={10} total={10_001} capped onPageChange={() => {}} onLimitChange={() => {}} />);
    expect(screen.getByText('Affichage de 1 à 10 sur plus de 10 000 résultats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dernière page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeEnabled();
  });

  it('is hidden with 1 page or fewer', () => {
    const { container, rerender } = setup(1, 10);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} limit={10} total={0} onPageChange={() => {}} onLimitChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('marks the current page and shows ellipses', () => {
    setup(5, 200);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 20' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
  });

  it('navigates with first/previous/next/last and page buttons', async () => {
    const { onPageChange } = setup(5, 200);
    await userEvent.click(screen.getByRole('button', { name: 'Première page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dernière page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([1, 4, 6, 20, 6]);
  });

  it('disables first/previous on the first page and next/last on the last page', () => {
    const { rerender } = setup(1, 45);
    expect(screen.getByRole('button', { name: 'Première page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeEnabled();
    rerender(<Pagination page={5} limit={10} total={45} onPageChange={() => {}} onLimitChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dernière page' })).toBeDisabled();
  });

  it('offers the page sizes 10, 25, 50, 100 and calls back on change', async () => {
    const { onLimitChange } = setup(1, 45);
    const select = screen.getByRole('combobox', { name: 'Résultats par page' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    expect(select).toHaveValue('10');
    await userEvent.selectOptions(select, '25');
    expect(onLimitChange).toHaveBeenCalledWith(25);
  });
});

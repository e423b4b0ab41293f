import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Chart() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'dessiné' : 'en attente'}</div>;
}

afterEach(() => vi.unstubAllGlobals());

it('draws at once where the browser cannot tell what is visible', () => {
  render(<Chart />);
  expect(screen.getByText('dessiné')).toBeTruthy();
});

it('draws once scrolled near the viewport, and stops watching', () => {
  const observers: { callback: IntersectionObserverCallback; disconnect: ReturnType<typeof vi.fn> }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      disconnect = vi.fn();
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe() {}
    },
  );
  render(<Chart />);
  expect(screen.getByText('en attente')).toBeTruthy();
  const [observer] = observers;
  if (!observer) throw new Error('no observer');
  const entry = (isIntersecting: boolean) => [{ isIntersecting }] as IntersectionObserverEntry[];
  act(() => observer.callback(entry(false), {} as IntersectionObserver));
  expect(screen.getByText('en attente')).toBeTruthy();
  act(() => observer.callback(entry(true), {} as IntersectionObserver));
  expect(screen.getByText('dessiné')).toBeTruthy();
  expect(observer.disconnect).toHaveBeenCalled();
});

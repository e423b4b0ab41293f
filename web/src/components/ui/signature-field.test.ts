import type { PointGroup } from 'signature_pad';
import { describe, expect, it } from 'vitest';
import { signatureTooSmall } from './signature-field';

const stroke = (points: [number, number][]): PointGroup => ({
  penColor: '#000',
  dotSize: 0,
  minWidth: 0.5,
  maxWidth: 2.5,
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
  points: points.map(([x, y], i) => ({ x, y, time: i, pressure: 0.5 })),
});

describe('a signature that is empty or too small', () => {
  it('refuses no stroke, a dot, and a tiny scribble', () => {
    expect(signatureTooSmall([])).toBe(true);
    expect(signatureTooSmall([stroke([[10, 10]])])).toBe(true);
    expect(signatureTooSmall([stroke(Array.from({ length: 20 }, (_, i) => [10 + i, 10] as [number, number]))])).toBe(
      true,
    );
  });
  it('accepts a real stroke', () => {
    expect(
      signatureTooSmall([
        stroke(Array.from({ length: 30 }, (_, i) => [10 + i * 5, 20 + (i % 5) * 4] as [number, number])),
      ]),
    ).toBe(false);
  });
});

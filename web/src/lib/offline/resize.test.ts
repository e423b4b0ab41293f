import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_MAX_SIDE } from './resize';

describe('photo size on the device', () => {
  it('brings the longer side down to 1600 px, proportions kept', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(PHOTO_MAX_SIDE).toBe(1600);
  });
  it('never enlarges a small picture', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

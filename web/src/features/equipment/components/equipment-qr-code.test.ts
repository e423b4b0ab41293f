import { expect, it } from 'vitest';
import { equipmentUrl } from './equipment-qr-code';

it("a QR code encodes the equipment's own address (its deep link)", () => {
  expect(equipmentUrl(42, 'https://gmao.example.ma')).toBe('https://gmao.example.ma/equipment/42');
});

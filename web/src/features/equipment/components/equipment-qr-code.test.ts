import { expect, it } from 'vitest';
import { equipmentUrl, qrUrl } from './equipment-qr-code';

it("a QR code encodes the equipment's own address (its deep link)", () => {
  expect(equipmentUrl(42, 'https://gmao.example.ma')).toBe('https://gmao.example.ma/equipment/42');
});

it("a QR code encodes the equipment's public request page as the server gives it (APP_URL/r/{token}), nothing before", () => {
  expect(qrUrl({ url: 'https://gmao.example.ma/r/AbC_123-xyz' })).toBe('https://gmao.example.ma/r/AbC_123-xyz');
  expect(qrUrl(undefined)).toBeNull();
});

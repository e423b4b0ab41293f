import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PWA_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { describe, expect, it } from 'vitest';

/** The manifest's French names are literal in web/vite.config.ts (Node loads it, not domain's .ts): same as domain's. */
describe('PWA manifest', () => {
  const config = readFileSync(join(import.meta.dirname, '..', '..', '..', 'vite.config.ts'), 'utf8');
  it('names the app as domain says, with icons at 192 and 512 and a maskable one, prompting for updates', () => {
    expect(config).toContain(`name: '${PWA_MESSAGES.appName}'`);
    expect(config).toContain(`short_name: '${PWA_MESSAGES.appShortName}'`);
    expect(config).toContain(`description: '${PWA_MESSAGES.appDescription}'`);
    expect(config).toContain("registerType: 'prompt'");
    for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png']) {
      expect(config).toContain(icon);
    }
  });
});

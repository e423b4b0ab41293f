import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';

// CommonJS packages: their named exports are read off the default export.
const { Document, Spectral } = spectralCore;
const { Json } = spectralParsers;
const { oas } = spectralRulesets;

export interface LintFinding {
  code: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  path: string;
}

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

/**
 * Spectral's `spectral:oas` ruleset (its recommended rules, as `spectral lint` with `extends: ["spectral:oas"]`) over
 * the OpenAPI document: what a code generator or an API portal would trip on. Run by `npm run lint`
 * (server/scripts/lint-openapi.ts) and by server/test/openapi-document.test.ts.
 */
export async function lintOpenApi(document: unknown): Promise<LintFinding[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
  const results = await spectral.run(new Document(JSON.stringify(document), Json));
  return results.map((r) => ({
    code: String(r.code),
    severity: SEVERITIES[r.severity] ?? 'hint',
    message: r.message,
    path: r.path.join('.'),
  }));
}

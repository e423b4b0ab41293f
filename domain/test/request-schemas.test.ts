import { describe, expect, it } from 'vitest';
import {
  declineRequestSchema,
  isMoroccanPhone,
  REQUEST_MESSAGES,
  requestFormSchema,
} from '../src/requests/request-schemas.ts';

describe('requests (issue 33)', () => {
  it.each([
    ['06 12 34 56 78', true],
    ['0612345678', true],
    ['+212 6 12 34 56 78', true],
    ['+212612345678', true],
    ['00212 522-33-44-55', true],
    ['07.61.00.11.22', true],
    ['05 22 33 44 55', true],
    ['08 12 34 56 78', false],
    ['612345678', false],
    ['06 12 34 56 7', false],
    ['+33 6 12 34 56 78', false],
    ['06 12 34 56 78 9', false],
    ['téléphone', false],
  ])('%s is a Moroccan number: %s', (v, ok) => {
    expect(isMoroccanPhone(v)).toBe(ok);
  });

  it('trims the fields, drops control characters, and makes an empty e-mail null', () => {
    const parsed = requestFormSchema.parse({
      description: '  Fuite\u0000 d’huile  ',
      nom: ' Karim ',
      telephone: ' 0612345678 ',
      email: '',
    });
    expect(parsed).toEqual({ description: 'Fuite d’huile', nom: 'Karim', telephone: '0612345678', email: null });
  });

  it('says in French what is missing or wrong', () => {
    const r = requestFormSchema.safeParse({ description: ' ', nom: '', telephone: '123', email: 'x@' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      description: REQUEST_MESSAGES.descriptionRequired,
      nom: REQUEST_MESSAGES.nomRequired,
      telephone: REQUEST_MESSAGES.telephoneInvalid,
      email: REQUEST_MESSAGES.emailInvalid,
    });
    expect(declineRequestSchema.safeParse({ motif: '  ' }).error?.issues[0]?.message).toBe(
      REQUEST_MESSAGES.motifRequired,
    );
  });
});
